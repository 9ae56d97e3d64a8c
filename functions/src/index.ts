/**
 * The API worker's entry: the Hono app as the fetch handler, the hourly sweep of uploads
 * nobody sent (wrangler.toml `[triggers]`), and the Durable Object classes wrangler.toml binds.
 */
import { createApp } from './app';
import { buildDeps } from './build-deps';
import { sweepUnsentUploads } from './inbox/attachments';

export { MemberLive } from './live/member-live';
export { RateLimiter } from './rate-limit/rate-limiter';

const app = createApp();

export default {
  fetch: app.fetch,
  /** Removes the uploads a day old that no message sent (docs/security.md "Floods"). */
  scheduled(_controller, env, ctx) {
    ctx.waitUntil(sweepUnsentUploads({ ...buildDeps(env), media: env.MEDIA }).then((removed) => console.log(`swept ${removed} unsent uploads`)));
  },
} satisfies ExportedHandler<Env>;
