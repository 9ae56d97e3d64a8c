/**
 * A post as an administrator names it when pinning: its address as copied from the browser
 * (`https://…/post/<slug>`, any host, with or without a query or fragment), the path alone
 * (`/post/<slug>`) or the bare slug.
 */

/** Letters, digits and dashes, as postSlug (tags.ts) writes them; a little longer, for old slugs. */
const SLUG = /^[\p{L}\p{N}][\p{L}\p{N}-]{0,119}$/u;
const POST_PATH = /^\/?post\/([^/]+)\/?$/;

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The slug `text` names, or null when it is neither a post address nor a slug. */
export function postSlugFromAddress(text: string): string | null {
  const trimmed = text.trim();
  let path = trimmed.replace(/[?#].*$/, '');
  if (/^[a-z][a-z\d+.-]*:/i.test(trimmed)) {
    if (!URL.canParse(trimmed)) return null;
    const url = new URL(trimmed);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    path = url.pathname;
  }
  const inPath = POST_PATH.exec(path);
  const slug = inPath ? decoded(inPath[1]!) : path.includes('/') ? null : path;
  return slug !== null && SLUG.test(slug) ? slug : null;
}
