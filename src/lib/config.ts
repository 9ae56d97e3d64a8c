/**
 * The app worker's configuration: every variable it reads, with its default, in one table.
 * Parsing is pure (it takes the variables as a plain record) so it is unit-tested in Node;
 * pages pass `env` from 'cloudflare:workers'. docs/configuration.md lists the same table.
 */

export type AnalyticsConfig = { provider: '' } | { provider: 'plausible'; domain: string; endpoint: string } | { provider: 'cloudflare'; token: string };

export type ChatConfig = { provider: '' } | { provider: 'crisp'; websiteId: string };

export interface AppConfig {
  /** Absolute origin of the site, no trailing slash. */
  siteUrl: string;
  /** Prefix for media paths; always ends with '/'. */
  mediaBaseUrl: string;
  socialLinks: string[];
  analytics: AnalyticsConfig;
  chat: ChatConfig;
}

/** Each variable, its default and what it means. The defaults need no outside account. */
export const CONFIG_VARIABLES = {
  SITE_URL: { default: '', meaning: 'Absolute site origin for canonical and Open Graph URLs; empty means the request origin.' },
  MEDIA_BASE_URL: { default: '/media/', meaning: 'Prefix for media paths that are not absolute http(s) URLs.' },
  SOCIAL_LINKS: {
    default: 'https://www.linkedin.com/company/foundermesh,https://x.com/foundermesh',
    meaning: 'Comma-separated profile URLs, published as the Organization sameAs links and in the footer.',
  },
  ANALYTICS_PROVIDER: { default: '', meaning: "'' sends nothing and loads no script; 'plausible' or 'cloudflare'." },
  PLAUSIBLE_DOMAIN: { default: '', meaning: 'The site domain registered at Plausible; empty means the host of SITE_URL.' },
  PLAUSIBLE_ENDPOINT: { default: 'https://plausible.io/api/event', meaning: 'Plausible events API (change for self-hosting).' },
  CF_ANALYTICS_TOKEN: { default: '', meaning: 'Cloudflare Web Analytics site token; required for the cloudflare provider.' },
  CHAT_PROVIDER: { default: '', meaning: "'' loads no chat script; 'crisp' loads the Crisp widget lazily." },
  CHAT_WEBSITE_ID: { default: '', meaning: 'The Crisp website id; required for the crisp provider.' },
} as const;

export type ConfigVariable = keyof typeof CONFIG_VARIABLES;
type Vars = Partial<Record<string, unknown>>;

/** Reads one variable as a trimmed string, falling back to its default when unset or blank. */
export function readVariable(vars: Vars, name: ConfigVariable): string {
  const raw = vars[name];
  const value = typeof raw === 'string' ? raw.trim() : '';
  return value || CONFIG_VARIABLES[name].default;
}

/** Splits a comma-separated list of URLs, keeping only absolute http(s) ones. */
export function parseUrlList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^https?:\/\/[^\s]+$/i.test(part));
}

/** Normalises an origin-like URL to `scheme://host[:port]` (paths are dropped); '' when invalid. */
export function toOrigin(value: string): string {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
  } catch {
    return '';
  }
}

function parseAnalytics(vars: Vars, siteUrl: string): AnalyticsConfig {
  const provider = readVariable(vars, 'ANALYTICS_PROVIDER').toLowerCase();
  if (provider === 'plausible') {
    const domain = readVariable(vars, 'PLAUSIBLE_DOMAIN') || new URL(siteUrl).host;
    return { provider, domain, endpoint: readVariable(vars, 'PLAUSIBLE_ENDPOINT') };
  }
  if (provider === 'cloudflare') {
    const token = readVariable(vars, 'CF_ANALYTICS_TOKEN');
    // Without a token the beacon would report nowhere: treat it as switched off.
    return token ? { provider, token } : { provider: '' };
  }
  return { provider: '' };
}

function parseChat(vars: Vars): ChatConfig {
  const provider = readVariable(vars, 'CHAT_PROVIDER').toLowerCase();
  const websiteId = readVariable(vars, 'CHAT_WEBSITE_ID');
  return provider === 'crisp' && websiteId ? { provider, websiteId } : { provider: '' };
}

/**
 * Builds the app configuration from worker variables.
 * @param vars the worker's `env` (or any record of strings)
 * @param requestOrigin used as SITE_URL when that is unset or invalid
 */
export function parseConfig(vars: Vars, requestOrigin: string): AppConfig {
  const siteUrl = toOrigin(readVariable(vars, 'SITE_URL')) || toOrigin(requestOrigin) || 'http://localhost';
  const media = readVariable(vars, 'MEDIA_BASE_URL');
  return {
    siteUrl,
    mediaBaseUrl: media.endsWith('/') ? media : `${media}/`,
    socialLinks: parseUrlList(readVariable(vars, 'SOCIAL_LINKS')),
    analytics: parseAnalytics(vars, siteUrl),
    chat: parseChat(vars),
  };
}
