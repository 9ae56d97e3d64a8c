import { handle } from '@astrojs/cloudflare/handler';
import { drainingUnreadBodies } from '@api/request-body';
import { isLivePath, proxyLiveRequest } from './lib/server/live-proxy';
import { isOneClickUnsubscribe, oneClickUnsubscribe } from './lib/server/one-click-unsubscribe';
import { isPagePost, unreadableForm } from './lib/server/page-form';

export default {
  // A body nothing read is read to its end before the answer (functions/src/request-body.ts).
  fetch: drainingUnreadBodies(async (request: Request, env: Env, ctx: ExecutionContext) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/media/')) return env.API.fetch(request);
    if (isLivePath(url.pathname)) return proxyLiveRequest(request, (forwarded) => env.API.fetch(forwarded));
    // Mail providers' one-click POST comes without our Origin: answered before Astro's origin check.
    if (isOneClickUnsubscribe(request, url)) return oneClickUnsubscribe(request, (forwarded) => env.API.fetch(forwarded));
    // A page's POST whose body is no form gets a 400 here: the pages' formData() would throw.
    if (isPagePost(request, url)) {
      const refused = await unreadableForm(request);
      if (refused) return refused;
    }
    return handle(request, env, ctx);
  }),
} satisfies ExportedHandler<Env>;
