import { handle } from '@astrojs/cloudflare/handler';

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/media/')) return env.API.fetch(request);
    return handle(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
