/**
 * The API worker's entry: the Hono app as the fetch handler, and the Durable Object
 * classes wrangler.toml binds.
 */
import { createApp } from './app';

export { MemberLive } from './live/member-live';
export { RateLimiter } from './rate-limit/rate-limiter';

const app = createApp();

export default app satisfies ExportedHandler<Env>;
