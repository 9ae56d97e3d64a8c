/**
 * Social sign-in settings from the worker's env: a provider is on when its client id and
 * secret are both set. The addresses default to the real providers; tests and local trials
 * point them at a loopback stand-in (functions/test/oauth-stand-in.ts).
 */
import type { SocialProviderName } from '../../deps';

/** An OpenID Connect provider found through its issuer's discovery document. */
export type OidcSettings = { kind: 'oidc'; clientId: string; clientSecret: string; issuer: string; scopes: string };
/** GitHub: plain OAuth 2.0, its endpoints under `oauthBase` and the identity from its REST API. */
export type GitHubSettings = { kind: 'github'; clientId: string; clientSecret: string; oauthBase: string; apiBase: string; scopes: string };
export type ProviderSettings = OidcSettings | GitHubSettings;

export type SocialConfig = Partial<Record<SocialProviderName, ProviderSettings>>;

export type SocialVars = {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_ISSUER?: string;
  LINKEDIN_CLIENT_ID?: string;
  LINKEDIN_CLIENT_SECRET?: string;
  LINKEDIN_ISSUER?: string;
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  GITHUB_OAUTH_URL?: string;
  GITHUB_API_URL?: string;
};

/** The order of the buttons. */
export const SOCIAL_PROVIDERS: readonly SocialProviderName[] = ['google', 'linkedin', 'github'];

/** How each provider is named on buttons and in messages. */
export const PROVIDER_LABELS: Record<SocialProviderName, string> = { google: 'Google', linkedin: 'LinkedIn', github: 'GitHub' };

const DEFAULTS = {
  googleIssuer: 'https://accounts.google.com',
  linkedinIssuer: 'https://www.linkedin.com/oauth',
  githubOauth: 'https://github.com',
  githubApi: 'https://api.github.com',
};

const OIDC_SCOPES = 'openid email profile';
/** `read:user` for the name and picture, `user:email` for the verified addresses. */
const GITHUB_SCOPES = 'read:user user:email';

function trimmed(value: string | undefined): string | undefined {
  return value?.trim() || undefined;
}

function address(value: string | undefined, fallback: string): string {
  return (trimmed(value) ?? fallback).replace(/\/+$/, '');
}

/** Reads which providers are on and where they are. */
export function readSocialConfig(vars: SocialVars): SocialConfig {
  const config: SocialConfig = {};
  const credentials = (id: string | undefined, secret: string | undefined) => {
    const clientId = trimmed(id);
    const clientSecret = trimmed(secret);
    return clientId && clientSecret ? { clientId, clientSecret } : null;
  };
  const google = credentials(vars.GOOGLE_CLIENT_ID, vars.GOOGLE_CLIENT_SECRET);
  if (google) config.google = { kind: 'oidc', ...google, issuer: address(vars.GOOGLE_ISSUER, DEFAULTS.googleIssuer), scopes: OIDC_SCOPES };
  const linkedin = credentials(vars.LINKEDIN_CLIENT_ID, vars.LINKEDIN_CLIENT_SECRET);
  if (linkedin) config.linkedin = { kind: 'oidc', ...linkedin, issuer: address(vars.LINKEDIN_ISSUER, DEFAULTS.linkedinIssuer), scopes: OIDC_SCOPES };
  const github = credentials(vars.GITHUB_CLIENT_ID, vars.GITHUB_CLIENT_SECRET);
  if (github) {
    config.github = {
      kind: 'github',
      ...github,
      oauthBase: address(vars.GITHUB_OAUTH_URL, DEFAULTS.githubOauth),
      apiBase: address(vars.GITHUB_API_URL, DEFAULTS.githubApi),
      scopes: GITHUB_SCOPES,
    };
  }
  return config;
}
