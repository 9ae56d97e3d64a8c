/**
 * The POST of the unsubscribe link (RFC 8058 one-click): mail providers POST
 * `List-Unsubscribe=One-Click` to the link of the List-Unsubscribe header from their own
 * servers, without our Origin, which Astro's form origin check would refuse; so the app worker
 * answers POST /unsubscribe itself, before Astro (src/worker.ts). The signed token in the query
 * is the whole authority (the API's /mail/unsubscribe checks it), so no session or Origin is
 * needed. A browser's form on the /unsubscribe page gets a 303 back to the page, which then
 * shows what was unsubscribed; a mail provider gets a short plain answer.
 */
import { apiUrl, type ApiFetch } from './api';
import { clientIpOf } from './client-ip';
import { wantsHtml } from './wants-html';

export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** Whether the app worker answers this request here rather than through Astro. */
export function isOneClickUnsubscribe(request: Request, url: URL): boolean {
  return request.method === 'POST' && url.pathname === UNSUBSCRIBE_PATH;
}

/** Forwards the one-click POST to the API and answers the mail provider or the browser. */
export async function oneClickUnsubscribe(request: Request, fetchApi: ApiFetch): Promise<Response> {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  const headers: Record<string, string> = { accept: 'application/json' };
  const clientIp = clientIpOf(request, () => '');
  if (clientIp) headers['cf-connecting-ip'] = clientIp;
  let status: number;
  try {
    const answer = await fetchApi(new Request(apiUrl('mail/unsubscribe', new URLSearchParams({ token }).toString()), { method: 'POST', headers }));
    await answer.body?.cancel();
    status = answer.status;
  } catch (cause) {
    console.error('unsubscribe: the API was not reached', cause);
    status = 502;
  }
  if (wantsHtml(request)) {
    const page = new URL(UNSUBSCRIBE_PATH, url);
    page.searchParams.set('token', token);
    if (status !== 200) page.searchParams.set('failed', '1');
    return new Response(null, { status: 303, headers: { location: `${page.pathname}${page.search}`, 'cache-control': 'no-store' } });
  }
  const text = status === 200 ? 'Unsubscribed.' : status === 400 ? 'This unsubscribe link is not valid.' : 'Something went wrong; please try again.';
  return new Response(text, {
    status: status === 200 || status === 400 ? status : 502,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  });
}
