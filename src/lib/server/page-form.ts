/**
 * Form POSTs to pages whose body is no form. The pages read their POST with
 * `request.formData()` (sign-in, registration, the settings and admin forms), which throws on a
 * JSON, text or broken multipart body, and each such POST answered 500 (issue 28, finding 5).
 * The app worker answers those with a 400 before Astro (src/worker.ts), so no page has to.
 * Pages and their forms live outside /api/ (the endpoints and the session proxy, which take
 * JSON) and /auth/ (the social sign-in flow).
 */
const NOT_PAGES = ['/api/', '/auth/'];

export const UNREADABLE_FORM_MESSAGE = 'This form could not be read. Go back to the page and send it again.';

/** Whether the request is a POST to a page, which only ever takes a form. */
export function isPagePost(request: Request, url: URL): boolean {
  return request.method === 'POST' && !NOT_PAGES.some((prefix) => url.pathname.startsWith(prefix));
}

/** A 400 when the body does not read as a form; null when it does (the page then reads it again). */
export async function unreadableForm(request: Request): Promise<Response | null> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  if (form) return null;
  return new Response(UNREADABLE_FORM_MESSAGE, {
    status: 400,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  });
}
