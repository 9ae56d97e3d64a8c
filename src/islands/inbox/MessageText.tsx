/**
 * A message's text: plain text with links (src/lib/text/rich-text.ts tokens: external links
 * nofollow ugc in a new tab, line breaks). Hashtags and mentions stay plain text in
 * messages. Nothing is ever set as HTML.
 */
import { useMemo, type ReactNode } from 'react';
import { EXTERNAL_REL, richText, type RichToken } from '../../lib/text/rich-text';

function render(token: RichToken, key: number): ReactNode {
  switch (token.type) {
    case 'text':
      return token.value;
    case 'break':
      return <br key={key} />;
    case 'link':
    case 'youtube': {
      const label = token.type === 'link' ? token.label : token.href;
      return token.href.startsWith('/') ? (
        <a key={key} href={token.href}>
          {label}
        </a>
      ) : (
        <a key={key} href={token.href} rel={EXTERNAL_REL} target="_blank">
          {label}
        </a>
      );
    }
    case 'hashtag':
      return token.label;
    case 'mention':
      return `@${token.name}`;
    default:
      return null;
  }
}

export function MessageText({ text }: { text: string }) {
  const tokens = useMemo(() => richText(text), [text]);
  return <p className="ib-text">{tokens.map(render)}</p>;
}
