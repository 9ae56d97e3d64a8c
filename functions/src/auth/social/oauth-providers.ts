/**
 * The production adapter behind SocialSignIn, on `oauth4webapi`: authorization code with
 * state and PKCE (S256) for all three providers. Google and LinkedIn are OpenID Connect
 * (discovery from the configured issuer, the ID token's claims checked: issuer, audience,
 * expiry; the address and its `email_verified` from the ID token or userinfo); GitHub is plain
 * OAuth 2.0 with the identity from `GET /user` and the primary verified entry of
 * `GET /user/emails`. Plain `http` is allowed only for loopback addresses (the test stand-in).
 */
import * as oauth from 'oauth4webapi';
import type { ProviderIdentity, SocialProviderName, SocialSignIn } from '../../deps';
import { SOCIAL_PROVIDERS, type GitHubSettings, type OidcSettings, type ProviderSettings, type SocialConfig } from './config';
import { socialLoginFailed } from './errors';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `allowInsecureRequests` for a loopback stand-in on plain http; nothing for real providers. */
function transportOptions(address: string): { [oauth.allowInsecureRequests]?: boolean } {
  const url = new URL(address);
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname) ? { [oauth.allowInsecureRequests]: true } : {};
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** Discovery documents by issuer, kept an hour per isolate. */
const discovered = new Map<string, { at: number; as: oauth.AuthorizationServer }>();

async function discover(issuer: string): Promise<oauth.AuthorizationServer> {
  const cached = discovered.get(issuer);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.as;
  const issuerUrl = new URL(issuer);
  const response = await oauth.discoveryRequest(issuerUrl, { algorithm: 'oidc', ...transportOptions(issuer) });
  const as = await oauth.processDiscoveryResponse(issuerUrl, response);
  discovered.set(issuer, { at: Date.now(), as });
  return as;
}

function githubServer(settings: GitHubSettings): oauth.AuthorizationServer {
  return {
    issuer: settings.oauthBase,
    authorization_endpoint: `${settings.oauthBase}/login/oauth/authorize`,
    token_endpoint: `${settings.oauthBase}/login/oauth/access_token`,
  };
}

function serverFor(settings: ProviderSettings): Promise<oauth.AuthorizationServer> {
  return settings.kind === 'oidc' ? discover(settings.issuer) : Promise.resolve(githubServer(settings));
}

function addressOf(settings: ProviderSettings): string {
  return settings.kind === 'oidc' ? settings.issuer : settings.oauthBase;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** `email_verified` is a boolean for Google; some providers send the string "true". */
function isVerified(value: unknown): boolean {
  return value === true || value === 'true';
}

async function oidcIdentity(as: oauth.AuthorizationServer, client: oauth.Client, settings: OidcSettings, tokens: oauth.TokenEndpointResponse): Promise<ProviderIdentity> {
  const claims = oauth.getValidatedIdTokenClaims(tokens);
  if (!claims) throw new Error('the provider answered no ID token');
  let info: Record<string, unknown> = { ...claims };
  // The ID token may leave the address or names out; userinfo has them, for the same subject only.
  if (as.userinfo_endpoint && (text(info.email) === null || info.email_verified === undefined || text(info.given_name) === null)) {
    const response = await oauth.userInfoRequest(as, client, tokens.access_token, transportOptions(settings.issuer));
    info = { ...(await oauth.processUserInfoResponse(as, client, claims.sub, response)), ...pickDefined(info) };
  }
  const [first, ...rest] = (text(info.name) ?? '').split(/\s+/);
  return {
    subject: claims.sub,
    email: text(info.email)?.toLowerCase() ?? null,
    emailVerified: isVerified(info.email_verified),
    firstName: text(info.given_name) ?? text(first),
    lastName: text(info.family_name) ?? (rest.length > 0 ? rest.join(' ') : null),
    picture: text(info.picture),
  };
}

function pickDefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== null));
}

async function githubGet(settings: GitHubSettings, path: string, accessToken: string): Promise<unknown> {
  const response = await fetch(`${settings.apiBase}${path}`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.github+json', 'user-agent': 'FounderMesh', 'x-github-api-version': '2022-11-28' },
  });
  if (!response.ok) throw socialLoginFailed(response.status, `GitHub ${path} answered ${response.status}`);
  return response.json();
}

type GitHubEmail = { email?: unknown; primary?: unknown; verified?: unknown };

async function githubIdentity(settings: GitHubSettings, accessToken: string): Promise<ProviderIdentity> {
  const user = (await githubGet(settings, '/user', accessToken)) as { id?: unknown; name?: unknown; login?: unknown; avatar_url?: unknown };
  const emails = (await githubGet(settings, '/user/emails', accessToken)) as GitHubEmail[];
  if (typeof user.id !== 'number' && typeof user.id !== 'string') throw new Error('GitHub /user answered no id');
  // Only the primary address counts, and only when GitHub has verified it.
  const primary = Array.isArray(emails) ? emails.find((entry) => entry.primary === true) : undefined;
  const [first, ...rest] = (text(user.name) ?? text(user.login) ?? '').split(/\s+/);
  return {
    subject: String(user.id),
    email: text(primary?.email)?.toLowerCase() ?? null,
    emailVerified: primary?.verified === true,
    firstName: text(first),
    lastName: rest.length > 0 ? rest.join(' ') : null,
    picture: text(user.avatar_url),
  };
}

/** Where each provider serves its members' pictures: only these are ever fetched (picture.ts). */
const PICTURE_HOSTS: Record<SocialProviderName, RegExp> = {
  google: /(^|\.)googleusercontent\.com$/,
  linkedin: /^media\.licdn\.com$/,
  github: /^avatars\.githubusercontent\.com$/,
};

/** The picture address when it is the provider's own https host (or, for a loopback stand-in, loopback); else null. */
function trustedPicture(provider: SocialProviderName, settings: ProviderSettings, picture: string | null): string | null {
  if (!picture) return null;
  let url: URL;
  try {
    url = new URL(picture);
  } catch {
    return null;
  }
  if (transportOptions(addressOf(settings))[oauth.allowInsecureRequests]) return LOOPBACK.has(url.hostname) ? url.href : null;
  return url.protocol === 'https:' && PICTURE_HOSTS[provider].test(url.hostname) ? url.href : null;
}

/** Turns a library or network failure into `Social login failed` with the provider's status (or 500), logged. */
function failure(provider: SocialProviderName, error: unknown): Error {
  if (error instanceof oauth.AuthorizationResponseError) {
    // The provider sent the member back with an error: consent denied, or another refusal.
    const reason = error.error === 'access_denied' ? 'access_denied' : 'provider_error';
    return socialLoginFailed(400, `${provider}: ${error.error}`, reason);
  }
  if (error instanceof oauth.ResponseBodyError) return socialLoginFailed(error.status, `${provider}: ${error.error} ${error.error_description ?? ''}`);
  if (error instanceof oauth.WWWAuthenticateChallengeError) return socialLoginFailed(error.status, `${provider}: ${error.message}`);
  if (error instanceof Error && error.name === 'ApiError') return error;
  if (error instanceof oauth.OperationProcessingError && error.code === oauth.INVALID_RESPONSE && /state/i.test(error.message)) {
    return socialLoginFailed(400, `${provider}: ${error.message}`, 'state_mismatch');
  }
  return socialLoginFailed(500, `${provider}: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * The provider's redirect, checked (state, issuer, `error=…`) and holding a code. A malformed
 * one is the caller's input: 400, never the 500 of a failure on our side.
 */
function checkedCallback(provider: SocialProviderName, as: oauth.AuthorizationServer, client: oauth.Client, callback: URLSearchParams, expectedState: string): URLSearchParams {
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, client, callback, expectedState);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError || !(error instanceof oauth.OperationProcessingError)) throw error;
    throw socialLoginFailed(400, `${provider}: ${error.message}`, /state/i.test(error.message) ? 'state_mismatch' : 'provider_error');
  }
  if (!params.get('code')) throw socialLoginFailed(400, `${provider}: the callback holds no authorization code`);
  return params;
}

/** Builds the adapter for the configured providers. */
export function oauthProviders(config: SocialConfig): SocialSignIn {
  const settingsOf = (provider: SocialProviderName): ProviderSettings => {
    const settings = config[provider];
    if (!settings) throw new Error(`${provider} sign-in is not configured`);
    return settings;
  };
  return {
    enabled: SOCIAL_PROVIDERS.filter((provider) => config[provider] !== undefined),

    async start(provider, redirectUri) {
      const settings = settingsOf(provider);
      try {
        const as = await serverFor(settings);
        const state = oauth.generateRandomState();
        const codeVerifier = oauth.generateRandomCodeVerifier();
        const url = new URL(as.authorization_endpoint!);
        url.searchParams.set('client_id', settings.clientId);
        url.searchParams.set('redirect_uri', redirectUri);
        url.searchParams.set('response_type', 'code');
        url.searchParams.set('scope', settings.scopes);
        url.searchParams.set('state', state);
        url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
        url.searchParams.set('code_challenge_method', 'S256');
        return { url: url.href, state, codeVerifier };
      } catch (error) {
        throw failure(provider, error);
      }
    },

    async finish(provider, { callback, expectedState, codeVerifier, redirectUri }) {
      const settings = settingsOf(provider);
      try {
        const as = await serverFor(settings);
        const client: oauth.Client = { client_id: settings.clientId };
        const auth = oauth.ClientSecretPost(settings.clientSecret);
        // Checks the state against the one set at the start, and turns error=… into an AuthorizationResponseError.
        const params = checkedCallback(provider, as, client, callback, expectedState);
        const options = transportOptions(addressOf(settings));
        const response = await oauth.authorizationCodeGrantRequest(as, client, auth, params, redirectUri, codeVerifier, options);
        const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, settings.kind === 'oidc' ? { requireIdToken: true } : {});
        const identity = settings.kind === 'oidc' ? await oidcIdentity(as, client, settings, tokens) : await githubIdentity(settings, tokens.access_token);
        return { ...identity, picture: trustedPicture(provider, settings, identity.picture) };
      } catch (error) {
        throw failure(provider, error);
      }
    },
  };
}
