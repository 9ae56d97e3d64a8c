import { handle } from '@astrojs/cloudflare/handler';
import { isLivePath, proxyLiveRequest } from './lib/server/live-proxy';
import { isOneClickUnsubscribe, oneClickUnsubscribe } from './lib/server/one-click-unsubscribe';
import { handleWithRequestId, noteRoute, withRequestId } from './lib/server/request-id';

/** The API binding, passing the request's id on (src/lib/server/request-id.ts). */
const fetchApi = (env: Env) => (forwarded: Request) => env.API.fetch(withRequestId(forwarded));

export default {
  fetch(request, env, ctx) {
    // Every request in a scope of its own: its id reaches the API, the answer and the log line.
    return handleWithRequestId(request, async () => {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/media/')) {
        noteRoute('/media/[...path]');
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
      return handle(request, env, ctx);
    });
  },
} satisfies ExportedHandler<Env>;
