/**
 * Consents (issue 28, finding 10): registration asks for the terms and the privacy policy,
 * and the digest is an opt-in; each answer is recorded with its time and version, the
 * digest can be turned on and off in the settings (recorded too), and the records are in
 * the member's export and go with the account.
 */
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, registration, signedInMember, verificationCodeFor } from '../../test/api';
import { signInWith } from '../../test/social';
import { db } from '../db/client';
import { consents } from '../db/schema';
import { consentsOf } from './records';
import { CONSENT_VERSIONS } from './versions';

const recordsOf = async (userId: string) => (await consentsOf(db(env), userId)).map(({ kind, version, granted, source }) => ({ kind, version, granted, source }));

/** Registers through POST /users/register with `overrides`, verifies the address; answers the signed-in member. */
async function registered(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const response = await post('/users/register', body);
  expect(response.status).toBe(201);
  const { user } = await bodyOf(response);
  const verified = await bodyOf(await post('/auth/verify-email', { email: body.email, code: await verificationCodeFor(body.email) }));
  return { id: user._id as string, jwt: verified.jwt as string };
}

const digestOf = async (jwt: string) => (await bodyOf(await get('/notifications/preferences', { token: jwt }))).digest;

describe('registration', () => {
  it('refuses without the terms and the privacy policy, naming the field', async () => {
    const response = await post('/users/register', registration({ agreement: false }));
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toEqual({ agreement: 'must be accepted' });
  });

  it('succeeds without the digest: terms and privacy recorded with their versions, the digest refused and off', async () => {
    const { subscription: _left, ...body } = registration();
    const response = await post('/users/register', body);
    expect(response.status).toBe(201);
    const { user } = await bodyOf(response);
    expect(await recordsOf(user._id)).toEqual(
      expect.arrayContaining([
        { kind: 'terms', version: CONSENT_VERSIONS.terms, granted: true, source: 'registration' },
        { kind: 'privacy', version: CONSENT_VERSIONS.privacy, granted: true, source: 'registration' },
        { kind: 'digest', version: CONSENT_VERSIONS.digest, granted: false, source: 'registration' },
      ]),
    );
    const [first] = await consentsOf(db(env), user._id);
    expect(Date.now() - Date.parse(first!.createdAt)).toBeLessThan(60_000);
    const member = await registered({ subscription: false });
    expect(await digestOf(member.jwt)).toBe('off');
  });

  it('with the digest ticked records it given and sends it weekly', async () => {
    const member = await registered({ subscription: true });
    expect(await recordsOf(member.id)).toContainEqual({ kind: 'digest', version: CONSENT_VERSIONS.digest, granted: true, source: 'registration' });
    expect(await digestOf(member.jwt)).toBe('weekly');
  });

  it('a subscription that is not a boolean is a 400 naming it', async () => {
    const response = await post('/users/register', registration({ subscription: 'yes' }));
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields.subscription).toBeTruthy();
  });

  it('through a provider records the terms and privacy policy, and leaves the digest off', async () => {
    const response = await signInWith('github', {
      sub: String(Date.now()),
      email: `consent-${crypto.randomUUID().slice(0, 8)}@example.com`,
      emailVerified: true,
      givenName: 'Grace',
      familyName: 'Hopper',
    });
    expect(response.status).toBe(200);
    const { jwt, user } = await bodyOf(response);
    expect(await recordsOf(user._id)).toEqual(
      expect.arrayContaining([
        { kind: 'terms', version: CONSENT_VERSIONS.terms, granted: true, source: 'social-registration' },
        { kind: 'privacy', version: CONSENT_VERSIONS.privacy, granted: true, source: 'social-registration' },
        { kind: 'digest', version: CONSENT_VERSIONS.digest, granted: false, source: 'social-registration' },
      ]),
    );
    expect(await digestOf(jwt)).toBe('off');
  });
});

describe('the digest in the settings', () => {
  it('records turning it on and off, not a change of frequency', async () => {
    const member = await registered({ subscription: false });
    const choose = (digest: string) => call('PATCH', '/notifications/preferences', { digest }, { token: member.jwt });
    expect((await choose('weekly')).status).toBe(200);
    expect((await choose('daily')).status).toBe(200);
    expect((await choose('off')).status).toBe(200);
    const digest = (await recordsOf(member.id)).filter((row) => row.kind === 'digest');
    expect(digest).toEqual([
      { kind: 'digest', version: CONSENT_VERSIONS.digest, granted: false, source: 'registration' },
      { kind: 'digest', version: CONSENT_VERSIONS.digest, granted: true, source: 'settings' },
      { kind: 'digest', version: CONSENT_VERSIONS.digest, granted: false, source: 'settings' },
    ]);
  });
});

describe('the records', () => {
  it('are in the member’s data export', async () => {
    const member = await registered({ subscription: true });
    const response = await get('/auth/data-export', { token: member.jwt });
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const exported = JSON.parse(strFromU8(files['consents.json']!));
    expect(exported).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'terms', version: CONSENT_VERSIONS.terms, granted: true, source: 'registration', createdAt: expect.any(String) }),
        expect.objectContaining({ kind: 'digest', granted: true }),
      ]),
    );
    expect(exported[0]).not.toHaveProperty('userId');
  });

  it('go with the account when it is deleted', async () => {
    const [admin, member] = [await signedInMember({ userRole: 'admin' }), await registered()];
    expect(await recordsOf(member.id)).not.toEqual([]);
    const asked = await bodyOf(await post('/auth/profile-delete', { reason: 'Bye' }, { token: member.jwt }));
    expect((await call('PATCH', '/admin/profile-delete', { id: asked.request._id, action: 'approve' }, { token: admin.jwt })).status).toBe(200);
    expect(await db(env).select().from(consents).where(eq(consents.userId, member.id))).toEqual([]);
  });
});
