/**
 * Member text as tokens in the feed island: the texts the server parsed (src/lib/feed/parsed-texts.ts)
 * come from the context; any other text (a new post, an edit, a comment) loads the parser, and
 * shows as plain text and line breaks until it has (issue 29: linkify is not in the first load).
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { richText as parse } from '../../lib/text/rich-text';
import { plainTokens, richTextKey, type MentionRef, type RichToken } from '../../lib/text/rich-tokens';

export const ParsedTexts = createContext<Readonly<Record<string, RichToken[]>>>({});

let parser: typeof parse | undefined;
let loading: Promise<typeof parse> | undefined;

/** The parser, loaded once. */
export function loadParser(): Promise<typeof parse> {
  loading ??= import('../../lib/text/rich-text').then((module) => {
    parser = module.richText;
    return parser;
  });
  return loading;
}

/** `text`'s tokens: the server's, else the parser's once it has loaded. */
export function useRichTokens(text: string, mentions: readonly MentionRef[] | null | undefined): RichToken[] {
  const parsed = useContext(ParsedTexts);
  const known = parsed[richTextKey(text, mentions)];
  const [ready, setReady] = useState(() => parser);
  useEffect(() => {
    if (known || ready) return;
    let current = true;
    void loadParser().then((loaded) => {
      if (current) setReady(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [known, ready]);
  return useMemo(() => known ?? (ready ? ready(text, { mentions }) : plainTokens(text)), [known, ready, text, mentions]);
}
