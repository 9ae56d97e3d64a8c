/**
 * The Content-Security-Policy of every page, built from the app configuration: the page's
 * own origin, the hashes of the inline scripts Astro and the shell write, and the outside
 * origins of the analytics and chat providers only when they are switched on. Pure, so which
 * origin appears for which configuration is unit-tested.
 */
import type { AppConfig } from '../config';

/** The feed's YouTube preview: its thumbnails and the privacy-enhanced player. */
const YOUTUBE = { img: ['https://i.ytimg.com'], frame: ['https://www.youtube-nocookie.com'] };

/** What Cloudflare's beacon loads and where it reports. */
const CLOUDFLARE_BEACON = { script: ['https://static.cloudflareinsights.com'], connect: ['https://cloudflareinsights.com'] };

/** The origins Crisp's widget uses, as Crisp documents them for a CSP. */
const CRISP = {
  script: ['https://client.crisp.chat', 'https://settings.crisp.chat'],
  style: ['https://client.crisp.chat'],
  img: ['https://image.crisp.chat', 'https://client.crisp.chat', 'https://storage.crisp.chat'],
  font: ['https://client.crisp.chat'],
  connect: ['https://client.crisp.chat', 'https://storage.crisp.chat', 'wss://client.relay.crisp.chat', 'wss://stream.relay.crisp.chat'],
  frame: ['https://game.crisp.chat'],
  media: ['https://client.crisp.chat'],
};

export interface PolicyInput {
  config: Pick<AppConfig, 'mediaBaseUrl' | 'analytics' | 'chat'>;
  /** `'sha256-…'` sources of every inline script a page may run (see src/lib/server/inline-script-hashes.ts). */
  scriptHashes: readonly string[];
  /** Upgrade plain-HTTP subresources; off on a local plain-HTTP stack, where it would break every request. */
  upgradeInsecureRequests: boolean;
}

/** The origin of an absolute http(s) address, or null (a relative media prefix is this origin). */
function absoluteOrigin(address: string): string | null {
  if (!/^https?:\/\//i.test(address)) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/**
 * The policy's header value.
 * Styles allow 'unsafe-inline': React islands render `style` attributes (poll bars,
 * skeletons), Astro inlines small stylesheets per page and Crisp injects its own; scripts,
 * where an injection would do harm, are held to hashes and known origins.
 */
export function contentSecurityPolicy({ config, scriptHashes, upgradeInsecureRequests }: PolicyInput): string {
  const media = absoluteOrigin(config.mediaBaseUrl);
  const plausible = config.analytics.provider === 'plausible' ? absoluteOrigin(config.analytics.endpoint) : null;
  const beacon = config.analytics.provider === 'cloudflare';
  const crisp = config.chat.provider === 'crisp';
  const pick = (on: boolean, origins: readonly string[]) => (on ? origins : []);
  const present = (origin: string | null) => (origin ? [origin] : []);

  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...pick(beacon, CLOUDFLARE_BEACON.script), ...pick(crisp, CRISP.script)],
    'style-src': ["'self'", "'unsafe-inline'", ...pick(crisp, CRISP.style)],
    'img-src': ["'self'", 'data:', 'blob:', ...present(media), ...YOUTUBE.img, ...pick(crisp, CRISP.img)],
    'media-src': ["'self'", 'blob:', ...present(media), ...pick(crisp, CRISP.media)],
    'font-src': ["'self'", ...pick(crisp, CRISP.font)],
    // 'self' covers the same-origin live WebSocket (CSP Level 3 matches ws:/wss: to http:/https:).
    'connect-src': ["'self'", ...present(plausible), ...pick(beacon, CLOUDFLARE_BEACON.connect), ...pick(crisp, CRISP.connect)],
    'frame-src': [...YOUTUBE.frame, ...pick(crisp, CRISP.frame)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const parts = Object.entries(directives).map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`);
  if (upgradeInsecureRequests) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}
