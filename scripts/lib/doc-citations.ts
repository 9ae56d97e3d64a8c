/**
 * Citations of the repository's own markdown, for the test that keeps them followable: every
 * `docs/product.md#feed` in a comment and every link such as `docs/security.md#floods-issue-13` in a doc
 * must name a file of the repository and, with a `#`, a heading of that file (GitHub's slugs).
 */
import path from 'node:path';

/** One file (and heading) a source file or doc names. */
export interface Citation {
  /** The repository-relative file the citation is in, and its line. */
  from: string;
  line: number;
  /** What it names, as written: `docs/product.md#feed`, `#floods`, `README.md`. */
  target: string;
  /** A markdown link resolves against its own folder only; a mention in text against the repository root, then its folder. */
  link: boolean;
}

/** A path ending in `.md`, optionally with `#anchor`, not part of a longer path or an address. */
const MENTION = /(?<![\w@/.:-])((?:\.\.?\/)*(?:[\w.-]+\/)*[\w.-]+\.md)(#[\w-]+)?(?![\w/-])/g;
/** A markdown link's target: `[text](target)` or `[text](target "title")`. */
const LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

/** The citations in one file's text: markdown links (in .md files) and mentions of `.md` files anywhere. */
export function citationsIn(from: string, text: string): Citation[] {
  const found: Citation[] = [];
  const markdown = from.endsWith('.md');
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    const linked = new Set<number>();
    if (markdown) {
      for (const match of content.matchAll(LINK)) {
        const target = match[1]!;
        linked.add(match.index! + 2);
        if (/^[a-z][a-z+.-]*:|^\/|^<|^\{/i.test(target)) continue; // an address, an app route or a placeholder
        found.push({ from, line, target, link: true });
      }
    }
    for (const match of content.matchAll(MENTION)) {
      if (linked.has(match.index!)) continue;
      found.push({ from, line, target: match[0], link: false });
    }
  });
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation and symbols dropped, each space a hyphen. */
export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown file: its headings' slugs (a repeated one gains `-1`, `-2`) and explicit `<a id>` / `<a name>`. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = slugOf(heading[1]!.replace(/`/g, ''));
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const explicit of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(explicit[1]!);
  }
  return anchors;
}

/**
 * The citations that lead nowhere, as `file:line → target (why)`. `read` answers a
 * repository-relative file's text, or undefined when there is no such file.
 */
export function brokenCitations(citations: readonly Citation[], read: (file: string) => string | undefined): string[] {
  const broken: string[] = [];
  for (const citation of citations) {
    const [file = '', anchor] = citation.target.split('#');
    const folder = path.posix.dirname(citation.from);
    const candidates = file === '' ? [citation.from] : citation.link ? [path.posix.join(folder, file)] : [path.posix.normalize(file), path.posix.join(folder, file)];
    const found = candidates.find((candidate) => !candidate.startsWith('..') && read(candidate) !== undefined);
    const where = `${citation.from}:${citation.line} → ${citation.target}`;
    if (found === undefined) broken.push(`${where} (no such file in the repository)`);
    else if (anchor !== undefined && found.endsWith('.md') && !anchorsOf(read(found)!).has(anchor)) broken.push(`${where} (no such heading in ${found})`);
  }
  return broken;
}
