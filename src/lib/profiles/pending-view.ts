/**
 * The profile view of a page the browser prefetched. A prefetch is no visit, so the server
 * rendered the page without recording the view and marked it `data-view-pending`; once the
 * page is really shown this reads the profile again through the session proxy, which records
 * the view (one per viewer, profile and day, so a second read costs nothing).
 * The shell runs it on every page shown (src/components/shell/client/index.ts); plain fetch
 * keeps the API client out of the shell's script.
 */
const PENDING = 'article[data-profile][data-slug][data-view-pending]';

/** Records the view of the shown profile page if its server render could not. */
export function recordPendingView(): void {
  const page = document.querySelector<HTMLElement>(PENDING);
  if (!page) return;
  page.removeAttribute('data-view-pending');
  const { profile: memberType, slug = '' } = page.dataset;
  fetch(`/api/session/${memberType}/profile?slug=${encodeURIComponent(slug)}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' }).catch((cause: unknown) => {
    // A missed view is not worth troubling the member with; the console keeps the trace.
    console.warn('Could not record the profile view', cause);
  });
}
