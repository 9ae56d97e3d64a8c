/**
 * Helpers for the social sign-in tests: the worker env with all three providers pointed at
 * the loopback stand-in, and the steps of a provider's flow as the browser and the edge take them.
 */
import { env } from 'cloudflare:workers';
import { inject } from 'vitest';
import { bodyOf, get } from './api';
import { identityQuery, type StandInIdentity } from './oauth-identity';

export const standInUrl = () => `http://127.0.0.1:${inject('oauthStandInPort')}`;

/** The worker env with Google, LinkedIn and GitHub configured against the stand-in. */
export function socialEnv(): Env {
  const url = standInUrl();
  return {
    ...env,
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ISSUER: url,
    LINKEDIN_CLIENT_ID: 'linkedin-client',
    LINKEDIN_CLIENT_SECRET: 'linkedin-secret',
    LINKEDIN_ISSUER: url,
    GITHUB_CLIENT_ID: 'github-client',
    GITHUB_CLIENT_SECRET: 'github-secret',
    GITHUB_OAUTH_URL: url,
    GITHUB_API_URL: url,
  } as Env;
}

export type Start = { url: string; state: string; codeVerifier: string };

/** GET /auth/{provider}/authorize: where to send the member, and the state and verifier to keep. */
export async function startFlow(provider: string): Promise<Start> {
  const response = await get(`/auth/${provider}/authorize`, { env: socialEnv() });
  if (response.status !== 200) throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
  return bodyOf<Start>(response);
}

/** The person at the provider allows (or denies) as `identity`: answers the redirect's query back to the app. */
export async function consent(start: Start, identity: StandInIdentity, decision: 'allow' | 'deny' = 'allow'): Promise<URLSearchParams> {
  const url = new URL(start.url);
  for (const [name, value] of Object.entries(identityQuery(identity, decision))) url.searchParams.set(name, value);
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`the stand-in answered ${response.status}`);
  return new URL(location).searchParams;
}

/** GET /auth/{provider}/token with the provider's redirect and what the edge kept. */
export function finishFlow(provider: string, callback: URLSearchParams, kept: { state: string; codeVerifier: string }, extra: Record<string, string> = {}) {
  const query = new URLSearchParams(callback);
  query.set('expectedState', kept.state);
  query.set('codeVerifier', kept.codeVerifier);
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return get(`/auth/${provider}/token?${query}`, { env: socialEnv() });
}

/** The whole flow for `identity`, answering the token route's response. */
export async function signInWith(provider: string, identity: StandInIdentity, extra: Record<string, string> = {}) {
  const start = await startFlow(provider);
  return finishFlow(provider, await consent(start, identity), start, extra);
}
