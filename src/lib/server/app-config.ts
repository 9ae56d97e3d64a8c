/** The app's configuration (src/lib/config.ts) read from this worker's variables, for pages. */
import { env } from 'cloudflare:workers';
import { parseConfig, type AppConfig } from '../config';

/** The configuration as it applies to a request for `url` (its origin is the default site URL). */
export function appConfig(url: URL): AppConfig {
  return parseConfig(env as unknown as Record<string, unknown>, url.origin);
}
