/**
 * The API worker's entry: the Hono app as the fetch handler, the hourly sweep of uploads
 * nobody sent and of due account deletions (wrangler.toml `[triggers]`), and the Durable
 * Object classes wrangler.toml binds.
 */
import { createApp } from './app';
import { buildDeps } from './build-deps';
import { runDueDeletions } from './account-deletion/requests';
import { sweepUnsentUploads } from './inbox/attachments';

export { MemberLive } from './live/member-live';
export { RateLimiter } from './rate-limit/rate-limiter';

const app = createApp();

export default {
  fetch: app.fetch,
  /**
   * Removes the uploads a day old that no message sent (docs/security.md "Floods") and carries
   * out the account deletions nobody handled within 30 days (account-deletion/requests.ts).
   */
  scheduled(_controller, env, ctx) {
    const deps = { ...buildDeps(env), media: env.MEDIA };
    ctx.waitUntil(sweepUnsentUploads(deps).then((removed) => console.log(`swept ${removed} unsent uploads`)));
    ctx.waitUntil(runDueDeletions(deps).then((deleted) => console.log(`carried out ${deleted} due account deletions`)));
  },
} satisfies ExportedHandler<Env>;
