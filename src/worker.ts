import { handle } from '@astrojs/cloudflare/handler';
import { drainingUnreadBodies } from '@api/request-body';
import { isLivePath, proxyLiveRequest } from './lib/server/live-proxy';
import { isOneClickUnsubscribe, oneClickUnsubscribe } from './lib/server/one-click-unsubscribe';
import { handleWithRequestId, noteRoute, withRequestId } from './lib/server/request-id';
import { isPagePost, unreadableForm } from './lib/server/page-form';

/** The API binding, passing the request's id on (src/lib/server/request-id.ts). */
const fetchApi = (env: Env) => (forwarded: Request) => env.API.fetch(withRequestId(forwarded));

export default {
  // A body nothing read is read to its end before the answer (functions/src/request-body.ts).
  fetch: drainingUnreadBodies((request: Request, env: Env, ctx: ExecutionContext) =>
    // Every request in a scope of its own: its id reaches the API, the answer and the log line.
    handleWithRequestId(request, async () => {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/media/')) {
        noteRoute('/media/[...path]');
        return fetchApi(env)(request);
      }
      // Share cards (functions/src/share-cards): drawn by the API, on the site's origin like media.
      if (url.pathname.startsWith('/og/')) {
        noteRoute('/og/[...path]');
        return fetchApi(env)(request);
      }
      if (isLivePath(url.pathname)) {
        noteRoute('/socket.io/');
        return proxyLiveRequest(request, fetchApi(env));
      }
      // Mail providers' one-click POST comes without our Origin: answered before Astro's origin check.
      if (isOneClickUnsubscribe(request, url)) {
        noteRoute('/unsubscribe (one-click)');
        return oneClickUnsubscribe(request, fetchApi(env));
      }
      // A page's POST whose body is no form gets a 400 here: the pages' formData() would throw.
      if (isPagePost(request, url)) {
        const refused = await unreadableForm(request);
        if (refused) return refused;
      }
      return handle(request, env, ctx);
    }),
  ),
} satisfies ExportedHandler<Env>;
