/**
 * The development mailbox shows each mail's text with the app's own links clickable.
 * The text is split into plain and link pieces that the page renders with Astro's
 * escaping, so no mail content is ever inserted as HTML.
 */

export type MailSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/**
 * Splits `text` into segments. Only http(s) URLs whose origin is one of `appOrigins`
 * become links, and their href is the path on this site (so a mail written for another
 * port of the app still opens here). Everything else stays text.
 */
export function linkifyAppUrls(text: string, appOrigins: readonly string[]): MailSegment[] {
  const origins = new Set(appOrigins.map((origin) => origin.replace(/\/+$/, '')));
  const segments: MailSegment[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (value === '') return;
    const previous = segments.at(-1);
    if (previous?.kind === 'text') previous.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    let url: URL | null = null;
    try {
      url = new URL(raw);
    } catch {
      url = null;
    }
    pushText(text.slice(last, start));
    if (url && origins.has(url.origin)) segments.push({ kind: 'link', text: raw, href: `${url.pathname}${url.search}${url.hash}` });
    else pushText(raw);
    last = start + raw.length;
  }
  pushText(text.slice(last));
  return segments;
}
