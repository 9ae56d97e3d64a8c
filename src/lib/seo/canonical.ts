/**
 * The absolute canonical URL of a page.
 * An explicit canonical (absolute, or a path resolved against the site) wins; otherwise the
 * current path on the configured site, without query or fragment (they rarely name a new page).
 */
export function canonicalUrl(siteUrl: string, currentPath: string, explicit?: string | null): string {
  const base = `${siteUrl.replace(/\/+$/, '')}/`;
  if (explicit?.trim()) {
    return new URL(explicit.trim(), base).href;
  }
  const url = new URL(currentPath || '/', base);
  url.search = '';
  url.hash = '';
  return url.href;
}

/** Resolves an image path (e.g. an Open Graph image) to an absolute URL on the site. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${siteUrl.replace(/\/+$/, '')}/`).href;
}
