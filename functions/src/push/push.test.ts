import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { bodyOf, call, get, post } from '../../test/api';
import { connectTo, someMembers } from '../../test/connections';
import { closeLiveSockets, joinedLiveSocket } from '../../test/live';
import { browserKeys, decryptPush, fromBase64, type BrowserKeys } from '../../test/push-crypto';
import type { ReceivedPush } from '../../test/push-stand-in';
import { connectedMembers, sendText, type Member } from '../inbox/test-inbox';

const standIn = () => `http://127.0.0.1:${inject('pushStandInPort')}`;
const received = async (name: string): Promise<ReceivedPush[]> => (await fetch(`${standIn()}/__received/${name}`)).json();
const queueStatuses = (name: string, statuses: number[]) => fetch(`${standIn()}/__status/${name}`, { method: 'POST', body: JSON.stringify(statuses) });

/** A device of the member: browser keys, subscribed at the stand-in under a fresh name. */
async function subscribedDevice(member: Pick<Member, 'jwt'>) {
  const name = crypto.randomUUID();
  const browser = await browserKeys();
  const response = await post('/push/devices', { endpoint: `${standIn()}/push/${name}`, keys: browser.keys, userAgent: 'Test Browser' }, { token: member.jwt });
  expect(response.status).toBe(201);
  return { name, browser, device: await bodyOf(response) };
}

/** Waits for `count` pushes at the stand-in under `name`. */
async function pushesAt(name: string, count = 1): Promise<ReceivedPush[]> {
  return vi.waitFor(
    async () => {
      const pushes = await received(name);
      if (pushes.length < count) throw new Error(`${pushes.length} pushes so far`);
      return pushes;
    },
    { timeout: 5000, interval: 20 },
  );
}

const openPayload = async (push: ReceivedPush, browser: BrowserKeys) => JSON.parse(await decryptPush(fromBase64(push.body), browser));

afterEach(() => closeLiveSockets());

describe('web push of a new message', () => {
  it('reaches the recipient’s device encrypted for its keys, with VAPID and a Topic per conversation', async () => {
    const { a, b } = await connectedMembers();
    const { name, browser } = await subscribedDevice(b);
    const first = await sendText(a, b, 'Are you free on Friday?');
    const [push] = await pushesAt(name);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(push!.headers.topic).toBe(`thread-${first.thread._id}`);
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    expect(await openPayload(push!, browser)).toEqual({
      type: 'notification',
      title: expect.stringContaining('Message from'),
      body: 'Are you free on Friday?',
      url: `/inbox?personalInbox=${first.thread._id}`,
      tag: `thread-${first.thread._id}`,
      kind: 'messages',
    });
    // A second message of the same conversation carries the same Topic, so it replaces the first.
    await sendText(a, b, 'Or Saturday?');
    const pushes = await pushesAt(name, 2);
    expect(pushes[1]!.headers.topic).toBe(pushes[0]!.headers.topic);
    expect((await openPayload(pushes[1]!, browser)).body).toBe('Or Saturday?');
    const { devices } = await bodyOf(await get('/push/devices', { token: b.jwt }));
    expect(devices[0].lastSuccessAt).not.toBeNull();
  });

  it('is not sent when an open tab got the live event', async () => {
    const { a, b } = await connectedMembers();
    const { name, browser } = await subscribedDevice(b);
    const tab = await joinedLiveSocket(b);
    await sendText(a, b, 'Seen live');
    await tab.next((frame) => frame.includes('Seen live'));
    // The control: a push to the same device once the tab has closed.
    tab.ws.close(1000);
    await vi.waitFor(async () => expect((await env.LIVE.get(env.LIVE.idFromName(b.user.id)).sockets()).open).toBe(0));
    await sendText(a, b, 'Away now');
    const pushes = await pushesAt(name);
    expect(pushes).toHaveLength(1);
    expect((await openPayload(pushes[0]!, browser)).body).toBe('Away now');
  });

  it('is not sent to a suspended member', async () => {
    const { a, b } = await connectedMembers();
    const { name, browser } = await subscribedDevice(b);
    await env.DB.prepare('UPDATE users SET suspended_at = ? WHERE id = ?').bind(new Date().toISOString(), b.user.id).run();
    await sendText(a, b, 'While suspended');
    // The push is decided off the send's path: give it time to look before the suspension ends.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await env.DB.prepare('UPDATE users SET suspended_at = NULL WHERE id = ?').bind(b.user.id).run();
    await sendText(a, b, 'After the suspension');
    const pushes = await pushesAt(name);
    expect(pushes).toHaveLength(1);
    expect((await openPayload(pushes[0]!, browser)).body).toBe('After the suspension');
  });

  it('removes a device whose push service answers 410 Gone, in the same send', async () => {
    const { a, b } = await connectedMembers();
    const gone = await subscribedDevice(b);
    const kept = await subscribedDevice(b);
    await queueStatuses(gone.name, [410]);
    await sendText(a, b, 'Hello');
    await pushesAt(gone.name);
    await pushesAt(kept.name);
    await vi.waitFor(async () => {
      const { devices } = await bodyOf(await get('/push/devices', { token: b.jwt }));
      expect(devices.map((device: { _id: string }) => device._id)).toEqual([kept.device._id]);
    });
  });

  it('retries a device whose push service failed with 503, and only that one', async () => {
    const { a, b } = await connectedMembers();
    const flaky = await subscribedDevice(b);
    const fine = await subscribedDevice(b);
    await queueStatuses(flaky.name, [503]);
    await sendText(a, b, 'Try again');
    const pushes = await pushesAt(flaky.name, 2);
    expect(pushes[1]!.at - pushes[0]!.at).toBeGreaterThanOrEqual(90);
    expect((await openPayload(pushes[1]!, flaky.browser)).body).toBe('Try again');
    expect(await received(fine.name)).toHaveLength(1);
  });

  it('does not follow a redirect of the push service: a 3xx is a failure, and nothing reaches where it points', async () => {
    const { a, b } = await connectedMembers();
    const { name } = await subscribedDevice(b);
    await queueStatuses(name, [307]);
    await sendText(a, b, 'Redirected');
    await pushesAt(name);
    // A followed 307 would POST the same push to <name>-moved at once; give it time to.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await received(`${name}-moved`)).toEqual([]);
    const { devices } = await bodyOf(await get('/push/devices', { token: b.jwt }));
    expect(devices).toMatchObject([{ lastSuccessAt: null }]);
  });

  it('removes unsent a device stored before the allow-list whose endpoint is not a push service', async () => {
    const { a, b } = await connectedMembers();
    const kept = await subscribedDevice(b);
    const { keys } = await browserKeys();
    await env.DB.prepare('INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, user_agent, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .bind(
        crypto.randomUUID().replace(/-/g, '').slice(0, 24),
        b.user.id,
        `https://push.example/${crypto.randomUUID()}`,
        keys.p256dh,
        keys.auth,
        'Old row',
        new Date().toISOString(),
      )
      .run();
    await sendText(a, b, 'Only to real push services');
    await pushesAt(kept.name);
    await vi.waitFor(async () => {
      const { devices } = await bodyOf(await get('/push/devices', { token: b.jwt }));
      expect(devices.map((device: { _id: string }) => device._id)).toEqual([kept.device._id]);
    });
  });

  it('honours the member’s choice: messages set to email or off are not pushed', async () => {
    const { a, b } = await connectedMembers();
    const { name, browser } = await subscribedDevice(b);
    const answer = await call('PATCH', '/notifications/preferences', { channels: { messages: 'off' } }, { token: b.jwt });
    expect(await bodyOf(answer)).toMatchObject({ channels: { messages: 'off', mentions: 'push' }, digest: 'weekly' });
    await sendText(a, b, 'Quiet please');
    // A connection request is still pushed: the device is reachable, only the message was held back.
    const [c] = await someMembers(1);
    expect((await connectTo(c!, b)).status).toBeLessThan(300);
    const pushes = await pushesAt(name);
    expect(pushes).toHaveLength(1);
    expect(await openPayload(pushes[0]!, browser)).toMatchObject({ kind: 'connectionRequests' });
  });
});

describe('the push devices and preferences routes', () => {
  it('answer only the signed-in member, about their own devices', async () => {
    const { a, b } = await connectedMembers();
    expect((await get('/push/key')).status).toBe(401);
    expect((await get('/push/devices')).status).toBe(401);
    expect((await get('/notifications/preferences')).status).toBe(401);
    const key = await bodyOf(await get('/push/key', { token: a.jwt }));
    expect(fromBase64(key.publicKey)).toHaveLength(65);
    const { device } = await subscribedDevice(a);
    expect((await get('/push/devices', { token: b.jwt }).then(bodyOf)).devices).toEqual([]);
    expect((await call('DELETE', `/push/devices/${device._id}`, undefined, { token: b.jwt })).status).toBe(404);
    expect((await call('DELETE', `/push/devices/${device._id}`, undefined, { token: a.jwt })).status).toBe(200);
    expect((await get('/push/devices', { token: a.jwt }).then(bodyOf)).devices).toEqual([]);
  });

  it('refuse bad input with a 400 naming the field', async () => {
    const { a } = await connectedMembers();
    const browser = await browserKeys();
    const notHttps = await post('/push/devices', { endpoint: 'http://example.com/push/1', keys: browser.keys }, { token: a.jwt });
    expect(notHttps.status).toBe(400);
    expect((await bodyOf(notHttps)).data.fields).toHaveProperty('endpoint');
    const shortKey = await post('/push/devices', { endpoint: 'https://push.example/1', keys: { ...browser.keys, p256dh: 'AAAA' } }, { token: a.jwt });
    expect(shortKey.status).toBe(400);
    expect(JSON.stringify((await bodyOf(shortKey)).data.fields)).toContain('p256dh');
    const badChannel = await call('PATCH', '/notifications/preferences', { channels: { messages: 'sms' } }, { token: a.jwt });
    expect(badChannel.status).toBe(400);
    expect(JSON.stringify((await bodyOf(badChannel)).data.fields)).toContain('messages');
    const badDigest = await call('PATCH', '/notifications/preferences', { digest: 'hourly' }, { token: a.jwt });
    expect(badDigest.status).toBe(400);
    const saved = await call('PATCH', '/notifications/preferences', { digest: 'daily', channels: { replies: 'email' } }, { token: a.jwt });
    expect(await bodyOf(saved)).toMatchObject({ digest: 'daily', channels: { replies: 'email', messages: 'push' } });
  });
});
