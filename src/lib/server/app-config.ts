/** The app's configuration (src/lib/config.ts) read from this worker's variables, for pages. */
import { env } from 'cloudflare:workers';
import { parseConfig, type AppConfig } from '../config';

/**
 * The last configuration read, with what it was read from. A page asks for it several times
 * (middleware, layout, page) and parsing it builds URLs each time; the variables are the same
 * for every request of the isolate, so it is read again only for another origin (one entry:
 * an address in a forged Host header cannot grow it).
 */
let last: { vars: unknown; origin: string; config: AppConfig } | null = null;

/** The configuration as it applies to a request for `url` (its origin is the default site URL). */
export function appConfig(url: URL): AppConfig {
  const origin = url.origin;
  if (last && last.vars === env && last.origin === origin) return last.config;
  const config = parseConfig(env as unknown as Record<string, unknown>, origin);
  last = { vars: env, origin, config };
  return config;
}
