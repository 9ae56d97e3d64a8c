/**
 * An in-memory stand-in for Astro's cookie jar, for unit tests of the session helpers.
 * It records what was set and deleted, with the attributes used.
 */
import type { AstroCookieSetOptions } from 'astro';
import type { CookieJar } from './cookies';

export interface RecordedCookie {
  value: string;
  options: AstroCookieSetOptions;
}

/** A fake jar starting with `initial` request cookies; `set` and `deleted` record changes. */
export function createFakeCookieJar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const set = new Map<string, RecordedCookie>();
  const deleted = new Map<string, AstroCookieSetOptions>();
  const jar: CookieJar = {
    get(name: string) {
      const value = values.get(name);
      return value === undefined ? undefined : ({ value } as ReturnType<CookieJar['get']>);
    },
    set(name: string, value: unknown, options: AstroCookieSetOptions = {}) {
      values.set(name, String(value));
      set.set(name, { value: String(value), options });
      deleted.delete(name);
    },
    delete(name: string, options: AstroCookieSetOptions = {}) {
      values.delete(name);
      set.delete(name);
      deleted.set(name, options);
    },
  };
  return { jar, set, deleted };
}
