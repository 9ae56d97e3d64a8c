export const SITE_NAME = 'FounderMesh';

/** "<page> · FounderMesh", or just the site name when the page has no title of its own. */
export function pageTitle(title: string | null | undefined): string {
  const page = (title ?? '').trim();
  return !page || page === SITE_NAME ? SITE_NAME : `${page} · ${SITE_NAME}`;
}
