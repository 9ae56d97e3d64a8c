/**
 * Social sign-in against a real OAuth 2.0 / OpenID Connect provider on loopback
 * (functions/test/oauth-stand-in.ts): Google and LinkedIn through discovery and ID tokens,
 * GitHub through its token endpoint and REST API. Nothing intercepts `fetch`.
 */
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, createMember, get, post, uniqueEmail, uniqueIp } from '../../../test/api';
import { consent, finishFlow, signInWith, socialEnv, standInUrl, startFlow } from '../../../test/social';
import { createApp } from '../../app';
import { db } from '../../db/client';
import { feedPosts, founders, socialIdentities, users } from '../../db/schema';
import { inboxBinding } from '../../inbox/inbox-binding';
import { NO_PASSWORD } from './passwordless';

const PROVIDERS = ['google', 'linkedin', 'github'] as const;
type Provider = (typeof PROVIDERS)[number];

/** A provider account id no other test uses (numeric, like GitHub's). */
function newSubject(): string {
  return String(crypto.getRandomValues(new Uint32Array(2)).reduce((a, b) => a * 4_294_967_296 + b, 0));
}

async function identitiesOf(provider: Provider, subject: string) {
  return db(env)
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
}

function passwordLogin(email: string, password: string) {
  return post('/auth/user-login', { email, password });
}

describe('the providers on offer', () => {
  it('lists only the configured providers, and none without configuration', async () => {
    expect(await bodyOf(await get('/auth/providers'))).toEqual({ providers: [] });
    expect(await bodyOf(await get('/auth/providers', { env: socialEnv() }))).toEqual({
      providers: [
        { provider: 'google', name: 'Google' },
        { provider: 'linkedin', name: 'LinkedIn' },
        { provider: 'github', name: 'GitHub' },
      ],
    });
  });

  it('refuses to start or finish an unconfigured provider with a 404, and an unknown one with a 400', async () => {
    expect((await get('/auth/google/authorize')).status).toBe(404);
    expect((await get('/auth/myspace/authorize', { env: socialEnv() })).status).toBe(400);
  });

  it('starts with state and PKCE S256 toward the app callback', async () => {
    const start = await startFlow('google');
    const url = new URL(start.url);
    expect(url.searchParams.get('state')).toBe(start.state);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).not.toBe(start.codeVerifier);
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:4321/auth/google/callback');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });
});

describe.each(PROVIDERS)('signing in with %s', (provider) => {
  it('creates a new verified member named by the provider, not onboarded, with no password', async () => {
    const identity = { sub: newSubject(), email: uniqueEmail(provider), emailVerified: true, givenName: 'Radia', familyName: 'Perlman' };
    const response = await signInWith(provider, identity, { memberType: 'advisor' });
    expect(response.status).toBe(200);
    const { jwt, user } = await bodyOf(response);
    expect(jwt).toEqual(expect.any(String));
    expect(user).toMatchObject({ email: identity.email, onboarded: false, emailVerified: true, advisor: { name: 'Radia Perlman' } });

    const [row] = await db(env).select().from(users).where(eq(users.id, user._id));
    expect(row!.passwordHash).toBe(NO_PASSWORD);
    expect((await passwordLogin(identity.email, NO_PASSWORD)).status).toBe(401);
    expect(await identitiesOf(provider, identity.sub)).toHaveLength(1);

    // The same provider account signs the same member in again.
    const again = await bodyOf(await signInWith(provider, identity));
    expect(again.user._id).toBe(user._id);
    expect((await get('/auth/me', { token: again.jwt })).status).toBe(200);
  });

  it("stores the provider's picture as the new member's profile picture, and skips one from elsewhere", async () => {
    const identity = { sub: newSubject(), email: uniqueEmail('picture'), emailVerified: true, givenName: 'Ada', familyName: 'Pic', picture: `${standInUrl()}/picture.png` };
    const { user } = await bodyOf(await signInWith(provider, identity));
    const key = user.profile.profilePicture.url as string;
    expect(key).toMatch(/^avatars\/[0-9a-f]{24}\.png$/);
    expect(await env.MEDIA.head(key)).not.toBeNull();
    const [founder] = await db(env).select().from(founders).where(eq(founders.userId, user._id));
    expect(founder!.profilePictureAlt).toBe('Profile picture of Ada Pic');

    const elsewhere = await bodyOf(await signInWith(provider, { ...identity, sub: newSubject(), email: uniqueEmail('picture'), picture: 'https://attacker.example/p.png' }));
    expect(elsewhere.user.profile.profilePicture).toBeNull();
  });

  it('links to the member whose verified address the provider verifies', async () => {
    const member = await createMember();
    const response = await signInWith(provider, { sub: newSubject(), email: member.user.email.toUpperCase(), emailVerified: true, givenName: 'Other' });
    expect(response.status).toBe(200);
    const { user } = await bodyOf(response);
    expect(user._id).toBe(member.user.id);
    expect(user.profile.firstName).toBe('Grace');
    // Their password still works.
    expect((await passwordLogin(member.user.email, member.password)).status).toBe(200);
  });

  it('refuses an address the provider has not verified, even when a member holds it', async () => {
    const member = await createMember();
    const subject = newSubject();
    const response = await signInWith(provider, { sub: subject, email: member.user.email, emailVerified: false });
    expect(response.status).toBe(403);
    expect(await bodyOf(response)).toMatchObject({ message: 'Social login failed', status: 403, data: { reason: 'email_not_verified' } });
    expect(await identitiesOf(provider, subject)).toEqual([]);

    // Nor does an unverified address make a new member.
    const stranger = await signInWith(provider, { sub: newSubject(), email: uniqueEmail('unverified'), emailVerified: false });
    expect(stranger.status).toBe(403);
  });

  it('never lets an unverified password registration capture the sign-in', async () => {
    // Someone registered the victim's address with a password of their own and never verified it.
    const squatter = await createMember({ emailVerified: false, onboarded: false, firstName: 'Mallory', lastName: 'Squat' });
    const subject = newSubject();
    const response = await signInWith(provider, { sub: subject, email: squatter.user.email, emailVerified: true, givenName: 'Victor', familyName: 'Owner' });
    expect(response.status).toBe(200);
    const { user } = await bodyOf(response);
    expect(user).toMatchObject({ email: squatter.user.email, emailVerified: true, onboarded: false, profile: { firstName: 'Victor', lastName: 'Owner' } });
    // The squatter's password no longer opens anything.
    expect((await passwordLogin(squatter.user.email, squatter.password)).status).toBe(401);
    const [row] = await db(env).select().from(users).where(eq(users.email, squatter.user.email));
    expect(row!.passwordHash).toBe(NO_PASSWORD);
    expect(await identitiesOf(provider, subject)).toEqual([expect.objectContaining({ userId: user._id })]);
  });

  it("never hands an unverified account's posts and profile to the provider's person", async () => {
    // A squatter who somehow got past onboarding and posted under the victim's address.
    const squatter = await createMember({ emailVerified: false, onboarded: true, firstName: 'Mallory', lastName: 'Squat' });
    const now = new Date().toISOString();
    const postId = crypto.randomUUID();
    await db(env)
      .insert(feedPosts)
      .values({ id: postId, slug: `squat-${postId}`, authorUserId: squatter.user.id, text: 'spam', createdAt: now, updatedAt: now });
    const response = await signInWith(provider, { sub: newSubject(), email: squatter.user.email, emailVerified: true, givenName: 'Victor', familyName: 'Owner' });
    expect(response.status).toBe(200);
    const { user } = await bodyOf(response);
    // A fresh member holds the address, to be onboarded; the post stays with the squatter's account.
    expect(user._id).not.toBe(squatter.user.id);
    expect(user).toMatchObject({ email: squatter.user.email, emailVerified: true, onboarded: false, profile: { firstName: 'Victor', lastName: 'Owner' } });
    const [post] = await db(env).select().from(feedPosts).where(eq(feedPosts.id, postId));
    expect(post!.authorUserId).toBe(squatter.user.id);
    const [old] = await db(env).select().from(users).where(eq(users.id, squatter.user.id));
    expect(old!.email).not.toBe(squatter.user.email);
    expect(old!.passwordHash).toBe(NO_PASSWORD);
    expect((await passwordLogin(squatter.user.email, squatter.password)).status).toBe(401);
  });

  it("never hands an unverified account's conversations to the provider's person", async () => {
    // A squatter, never onboarded, who only received a message: it is in their mailbox, not D1.
    const squatter = await createMember({ emailVerified: false, onboarded: false, firstName: 'Mallory', lastName: 'Squat' });
    const sender = await createMember();
    const threadId = crypto.randomUUID();
    const at = new Date().toISOString();
    const message = { id: crypto.randomUUID(), thread_id: threadId, author_id: sender.user.id, to_id: squatter.user.id, body: 'Hello', reply_to_id: null, read: 0, created_at: at };
    await inboxBinding(env.INBOX_STORE)
      .of(squatter.user.id)
      .importRows({ threads: [{ id: threadId, other_id: sender.user.id, created_at: at }], messages: [message] });
    const response = await signInWith(provider, { sub: newSubject(), email: squatter.user.email, emailVerified: true, givenName: 'Victor', familyName: 'Owner' });
    expect(response.status).toBe(200);
    const { user } = await bodyOf(response);
    // A fresh member holds the address; the conversation stays with the squatter's account.
    expect(user._id).not.toBe(squatter.user.id);
    const [old] = await db(env).select().from(users).where(eq(users.id, squatter.user.id));
    expect(old!.email).not.toBe(squatter.user.email);
  });

  it('refuses a state that differs from the one kept, and a wrong PKCE verifier', async () => {
    const subject = newSubject();
    const identity = { sub: subject, email: uniqueEmail('state'), emailVerified: true };
    const start = await startFlow(provider);
    const callback = await consent(start, identity);
    const other = await startFlow(provider);
    const mismatch = await finishFlow(provider, callback, { state: other.state, codeVerifier: start.codeVerifier });
    expect(mismatch.status).toBe(400);
    expect(await bodyOf(mismatch)).toMatchObject({ message: 'Social login failed', data: { reason: 'state_mismatch' } });

    const second = await startFlow(provider);
    const wrongVerifier = await finishFlow(provider, await consent(second, identity), { state: second.state, codeVerifier: other.codeVerifier });
    expect(wrongVerifier.status).toBe(400);
    expect(await bodyOf(wrongVerifier)).toMatchObject({ message: 'Social login failed', data: { reason: 'provider_error' } });
    expect(await identitiesOf(provider, subject)).toEqual([]);
  });

  it('refuses a code used twice', async () => {
    const start = await startFlow(provider);
    const callback = await consent(start, { sub: newSubject(), email: uniqueEmail('replay'), emailVerified: true });
    expect((await finishFlow(provider, callback, start)).status).toBe(200);
    const replay = await finishFlow(provider, callback, start);
    expect(replay.status).toBe(400);
    expect(await bodyOf(replay)).toMatchObject({ message: 'Social login failed', data: { reason: 'provider_error' } });
  });

  it('answers a callback without a code, or from another issuer, with a 400', async () => {
    const callbacks: Record<string, string>[] = [{}, { code: '' }, { error: '' }, { code: 'x', iss: 'https://elsewhere.example' }];
    for (const extra of callbacks) {
      const start = await startFlow(provider);
      const response = await finishFlow(provider, new URLSearchParams({ state: start.state, ...extra }), start);
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(await bodyOf(response)).toMatchObject({ message: 'Social login failed', data: { reason: 'provider_error' } });
    }
  });

  it('answers a denied consent with access_denied', async () => {
    const start = await startFlow(provider);
    const callback = await consent(start, { sub: newSubject() }, 'deny');
    const response = await finishFlow(provider, callback, start);
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toMatchObject({ message: 'Social login failed', status: 400, data: { reason: 'access_denied' } });
  });
});

describe('sign-in methods', () => {
  async function socialMember(provider: Provider) {
    const identity = { sub: newSubject(), email: uniqueEmail('methods'), emailVerified: true, givenName: 'Ken', familyName: 'Thompson' };
    const { jwt, user } = await bodyOf(await signInWith(provider, identity));
    return { jwt, user, identity };
  }

  async function link(provider: Provider, jwt: string, sub = newSubject()) {
    const start = await startFlow(provider);
    const callback = await consent(start, { sub, email: uniqueEmail('link'), emailVerified: true });
    return call(
      'POST',
      `/auth/sign-in-methods/${provider}`,
      { callback: callback.toString(), expectedState: start.state, codeVerifier: start.codeVerifier },
      { token: jwt, env: socialEnv() },
    );
  }

  it('asks who is asking', async () => {
    expect((await get('/auth/sign-in-methods', { env: socialEnv() })).status).toBe(401);
    expect((await call('DELETE', '/auth/sign-in-methods/google', undefined, { env: socialEnv() })).status).toBe(401);
  });

  it('never removes the last way to sign in, and unlinks once another is linked', async () => {
    const { jwt } = await socialMember('google');
    const methods = await bodyOf(await get('/auth/sign-in-methods', { token: jwt, env: socialEnv() }));
    expect(methods).toMatchObject({ password: false, linked: [{ provider: 'google', name: 'Google' }] });

    const refused = await call('DELETE', '/auth/sign-in-methods/google', undefined, { token: jwt, env: socialEnv() });
    expect(refused.status).toBe(409);
    expect(await bodyOf(refused)).toMatchObject({ data: { reason: 'last_sign_in_method' } });

    const linked = await link('github', jwt);
    expect(linked.status).toBe(200);
    expect((await bodyOf(linked)).linked.map((method: { provider: string }) => method.provider).sort()).toEqual(['github', 'google']);

    const unlinked = await call('DELETE', '/auth/sign-in-methods/google', undefined, { token: jwt, env: socialEnv() });
    expect(unlinked.status).toBe(200);
    expect((await bodyOf(unlinked)).linked).toEqual([expect.objectContaining({ provider: 'github' })]);
    expect((await call('DELETE', '/auth/sign-in-methods/google', undefined, { token: jwt, env: socialEnv() })).status).toBe(404);
  });

  it('keeps one way to sign in when both providers are unlinked at once', async () => {
    const { jwt } = await socialMember('google');
    expect((await link('github', jwt)).status).toBe(200);
    const answers = await Promise.all(['google', 'github'].map((provider) => call('DELETE', `/auth/sign-in-methods/${provider}`, undefined, { token: jwt, env: socialEnv() })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const methods = await bodyOf(await get('/auth/sign-in-methods', { token: jwt, env: socialEnv() }));
    expect(methods.linked).toHaveLength(1);
  });

  it('lets a member with a password unlink their only provider', async () => {
    const member = await createMember();
    const { jwt } = await bodyOf(await signInWith('linkedin', { sub: newSubject(), email: member.user.email, emailVerified: true }));
    const response = await call('DELETE', '/auth/sign-in-methods/linkedin', undefined, { token: jwt, env: socialEnv() });
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toMatchObject({ password: true, linked: [] });
  });

  it('refuses to link a provider account that signs in another member, or a second one of a provider', async () => {
    const first = await socialMember('github');
    const second = await socialMember('google');
    const taken = await link('github', second.jwt, first.identity.sub);
    expect(taken.status).toBe(409);
    expect(await bodyOf(taken)).toMatchObject({ data: { reason: 'identity_taken' } });
    expect((await link('google', second.jwt)).status).toBe(409);
  });
});

describe('provider sign-ins from one address', () => {
  it('are limited to 30 in 15 minutes, counted before the provider is called', async () => {
    const ip = uniqueIp();
    const kept = { state: 's'.repeat(43), codeVerifier: 'v'.repeat(43) };
    const attempt = () => call('GET', `/auth/github/token?code=x&state=other&expectedState=${kept.state}&codeVerifier=${kept.codeVerifier}`, undefined, { ip, env: socialEnv() });
    for (let i = 0; i < 30; i++) expect((await attempt()).status).toBe(400);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('password sign-in of a member who has no password', () => {
  it('answers the wrong-password 401 after the same hash an unknown email costs', async () => {
    const email = uniqueEmail('no-password');
    expect((await signInWith('google', { sub: newSubject(), email, emailVerified: true })).status).toBe(200);
    const hashed: string[] = [];
    const counting = {
      hash: async (password: string) => {
        hashed.push(password);
        return 'scrypt$1$1$1$c2FsdA==$a2V5';
      },
      verify: async () => true,
      needsRehash: () => false,
    };
    const app = createApp({ passwords: counting });
    const response = await call('POST', '/auth/user-login', { email, password: 'whatever-they-try' }, { app, ip: uniqueIp() });
    expect(response.status).toBe(401);
    // The marker never reached verify (which here accepts anything): the hash of the unknown-email path ran instead.
    expect(hashed).toEqual(['whatever-they-try']);
  });
});
