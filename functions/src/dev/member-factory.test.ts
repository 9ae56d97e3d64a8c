import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember, uniqueEmail } from '../../test/api';
import { insertTestCities, LAGOS } from '../profiles/test-forms';
import { FACTORY_PASSWORD } from './member-factory';

const production = { ...env, ENVIRONMENT: 'production' } as Env;

describe('POST /dev/members', () => {
  it('makes an onboarded founder with the traits asked for, signed in and able to sign in again', async () => {
    await insertTestCities();
    const other = await signedInMember({ onboarded: true });
    const email = uniqueEmail('factory');
    const made = await post('/dev/members', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      profile: { tagline: 'Compilers for everyone', skills: ['engineering', 'data'], cityId: String(LAGOS.id) },
      premium: true,
      connectedTo: [other.user.id],
    });
    expect(made.status).toBe(201);
    const body = await bodyOf(made);
    expect(body).toMatchObject({ email, password: FACTORY_PASSWORD, slug: expect.stringMatching(/^grace-hopper/), jwt: expect.any(String) });

    const me = await bodyOf(await get('/auth/me', { token: body.jwt }));
    expect(me).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      memberType: 'founder',
      emailVerified: true,
      onboarded: true,
      userRole: 'member',
      role: { type: 'premium' },
    });
    const profile = await bodyOf(await get(`/founder/profile?slug=${body.slug}`));
    expect(profile).toMatchObject({ tagline: 'Compilers for everyone', skills: ['engineering', 'data'], city: expect.objectContaining({ id: LAGOS.id }) });
    const connections = await bodyOf(await get('/connection/status?_type=accepted', { token: other.jwt }));
    expect(JSON.stringify(connections.data)).toContain(me._id);

    const again = await post('/auth/user-login', { email, password: FACTORY_PASSWORD });
    expect(again.status).toBe(200);
  }, 20_000);

  it('makes an advisor administrator, or a verified member still before onboarding', async () => {
    const admin = await bodyOf(await post('/dev/members', { memberType: 'advisor', firstName: 'Ida', admin: true, profile: { position: 'Angel investor' } }));
    expect(admin.user).toMatchObject({ memberType: 'advisor', userRole: 'admin', onboarded: true, advisor: expect.objectContaining({ position: 'Angel investor' }) });
    expect(admin.email).toMatch(/^ida-.+@example\.com$/);
    expect((await get('/admin/stats', { token: admin.jwt })).status).toBe(200);

    const newcomer = await bodyOf(await post('/dev/members', { onboarded: false }));
    expect(newcomer.user).toMatchObject({ emailVerified: true, onboarded: false, role: { type: 'free' } });
    expect(await bodyOf(await get('/onboarding', { token: newcomer.jwt }))).toMatchObject({ onboarded: false, memberType: 'founder' });
  });

  it('refuses bad traits with a 400 naming each field, a taken address with a 409, and stores nothing then', async () => {
    const email = uniqueEmail('refused');
    const bad = await post('/dev/members', { email, memberType: 'investor', profile: { skills: ['juggling'] } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bodyOf(bad)).data.fields)).toEqual(['memberType']);

    const badProfile = await post('/dev/members', { email, profile: { skills: ['juggling'] } });
    expect(badProfile.status).toBe(400);
    expect(Object.keys((await bodyOf(badProfile)).data.fields)).toEqual([expect.stringMatching(/^profile\.skills/)]);

    const stranger = await post('/dev/members', { email, connectedTo: ['no-such-member'] });
    expect(stranger.status).toBe(400);
    expect((await bodyOf(stranger)).data.fields).toEqual({ connectedTo: 'must name existing members' });
    expect((await post('/auth/user-login', { email, password: FACTORY_PASSWORD })).status).toBe(401);

    expect((await post('/dev/members', { email })).status).toBe(201);
    const taken = await post('/dev/members', { email });
    expect(taken.status).toBe(409);
    expect((await bodyOf(taken)).data.fields).toEqual({ email: 'is already registered' });
  }, 20_000);

  it('is absent outside development: a 404 like an unknown route, and no member is made', async () => {
    const email = uniqueEmail('production');
    const response = await post('/dev/members', { email }, { env: production });
    expect(response.status).toBe(404);
    expect(await bodyOf(response)).toEqual({ message: 'Not found', status: 404, data: null });
    expect((await post('/auth/user-login', { email, password: FACTORY_PASSWORD })).status).toBe(401);
  });
});
