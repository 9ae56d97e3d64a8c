/**
 * The analytics port: one page view per page shown, sent to whichever provider the
 * configuration names. The default provider ('') sends nothing.
 */
import type { AnalyticsConfig } from '../config';
import { plausibleRequest } from './plausible';

export interface PageView {
  /** The full address of the page shown. */
  url: string;
  /** The page that linked here, '' when none. */
  referrer: string;
}

export interface AnalyticsPort {
  pageView(view: PageView): void;
}

type Send = (input: string, init: RequestInit) => Promise<unknown>;

const NOTHING: AnalyticsPort = { pageView() {} };

/**
 * The port for a configuration. Cloudflare's beacon counts page views itself (its SPA mode
 * follows client-side navigations), so for it the port has nothing left to send.
 * @param send injected for tests; the browser's fetch by default
 */
export function createAnalytics(config: AnalyticsConfig, send: Send = (input, init) => fetch(input, init)): AnalyticsPort {
  if (config.provider !== 'plausible') return NOTHING;
  return {
    pageView(view) {
      const { endpoint, init } = plausibleRequest(config, view);
      // Analytics must never disturb the page: a failed report is dropped quietly.
      send(endpoint, init).catch(() => undefined);
    },
  };
}
