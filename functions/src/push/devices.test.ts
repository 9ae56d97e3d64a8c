import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import { bodyOf, call, get, post } from '../../test/api';
import { someMembers } from '../../test/connections';
import { browserKeys } from '../../test/push-crypto';
import { FLOOD_LIMITS, RATE_LIMITS } from '../rate-limit/policies';
import { endpointProblem, isPushServiceHost } from './endpoints';

type Member = Awaited<ReturnType<typeof someMembers>>[number];

const standIn = () => `http://127.0.0.1:${inject('pushStandInPort')}`;
const register = async (member: Member, endpoint: string, options: { env?: Env } = {}) =>
  post('/push/devices', { endpoint, keys: (await browserKeys()).keys }, { token: member.jwt, ...options });
const devicesOf = async (member: Member): Promise<Array<{ _id: string; endpoint: string }>> => (await bodyOf(await get('/push/devices', { token: member.jwt }))).devices;

describe('push device endpoints', () => {
  it('refuse anything but a browser push service over https on port 443, naming `endpoint`', async () => {
    const [member] = await someMembers(1);
    const refused = [
      'https://push.example/e/1',
      'https://fcm.googleapis.com.evil.example/fcm/send/1',
      'https://evilfcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com./fcm/send/1',
      'https://127.0.0.1/push/1',
      'https://2130706433/push/1',
      'https://0x7f000001/push/1',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push/1',
      'https://fcm.googleapis.com:8443/fcm/send/1',
      'https://user@fcm.googleapis.com/fcm/send/1',
      'http://fcm.googleapis.com/fcm/send/1',
      'not a url',
    ];
    for (const endpoint of refused) {
      const answer = await register(member!, endpoint);
      expect(answer.status, endpoint).toBe(400);
      expect((await bodyOf(answer)).data.fields, endpoint).toHaveProperty('endpoint');
    }
    expect(await devicesOf(member!)).toEqual([]);
  });

  it('refuse the loopback stand-in unless the test setting allows it: development alone does not', async () => {
    const [member] = await someMembers(1);
    const developmentOnly = { ...env, ENVIRONMENT: 'development', PUSH_ALLOW_LOOPBACK_FOR_TESTS: undefined } as Env;
    const refused = await register(member!, `${standIn()}/push/${crypto.randomUUID()}`, { env: developmentOnly });
    expect(refused.status).toBe(400);
    expect((await bodyOf(refused)).data.fields).toEqual({ endpoint: 'must be an https URL' });
    const production = { ...env, ENVIRONMENT: 'production', PUSH_ALLOW_LOOPBACK_FOR_TESTS: 'true' } as Env;
    expect((await register(member!, `${standIn()}/push/${crypto.randomUUID()}`, { env: production })).status).toBe(400);
    expect((await register(member!, `${standIn()}/push/${crypto.randomUUID()}`)).status).toBe(201);
  });

  it('store the endpoints of the real push services (a member with no contacts: nothing is ever sent to them)', async () => {
    const [member] = await someMembers(1);
    const accepted = [
      'https://fcm.googleapis.com/fcm/send/test-only',
      'https://android.googleapis.com/gcm/send/test-only',
      'https://updates.push.services.mozilla.com/wpush/v2/test-only',
      'https://wns2-by3p.notify.windows.com/w/?token=test-only',
      'https://web.push.apple.com/test-only',
    ];
    for (const endpoint of accepted) expect((await register(member!, endpoint)).status, endpoint).toBe(201);
    const devices = await devicesOf(member!);
    expect(devices.map((device) => device.endpoint)).toEqual(accepted);
    for (const device of devices) expect((await call('DELETE', `/push/devices/${device._id}`, undefined, { token: member!.jwt })).status).toBe(200);
  });

  it('match hosts exactly or under a listed domain, ignoring case, with the default port spelled out or not', () => {
    const rule = { allowLoopback: false };
    expect(endpointProblem('https://FCM.GoogleAPIs.com:443/fcm/send/1', rule)).toBeNull();
    expect(isPushServiceHost('push.services.mozilla.com')).toBe(false);
    expect(isPushServiceHost('apple.com')).toBe(false);
    expect(endpointProblem('http://127.0.0.1:9/push/1', rule)).toBe('must be an https URL');
    expect(endpointProblem('http://127.0.0.1:9/push/1', { allowLoopback: true })).toBeNull();
    expect(endpointProblem('http://user@127.0.0.1:9/push/1', { allowLoopback: true })).not.toBeNull();
  });

  it(`keep a member's ${FLOOD_LIMITS.pushDevicesPerMember} newest devices: one more removes the oldest`, async () => {
    const [member] = await someMembers(1);
    const endpoints = Array.from({ length: FLOOD_LIMITS.pushDevicesPerMember + 1 }, () => `${standIn()}/push/${crypto.randomUUID()}`);
    for (const endpoint of endpoints) expect((await register(member!, endpoint)).status).toBe(201);
    expect((await devicesOf(member!)).map((device) => device.endpoint)).toEqual(endpoints.slice(1));
  });

  it(`take ${RATE_LIMITS.pushDevicesByMember.limit} registrations an hour per member, then answer 429 with Retry-After`, async () => {
    const [member, other] = await someMembers(2);
    for (let n = 0; n < RATE_LIMITS.pushDevicesByMember.limit; n++) expect((await register(member!, `${standIn()}/push/${crypto.randomUUID()}`)).status).toBe(201);
    const refused = await register(member!, `${standIn()}/push/${crypto.randomUUID()}`);
    expect(refused.status).toBe(429);
    const body = await bodyOf(refused);
    expect(body.message).toMatch(/^Too many devices registered\. Please try again in \d+ minutes?\.$/);
    expect(refused.headers.get('Retry-After')).toBe(String(body.data.retryAfter));
    expect((await register(other!, `${standIn()}/push/${crypto.randomUUID()}`)).status).toBe(201);
  });
});
