/**
 * The live connection with the real socket.io-client 4.8 (transports websocket only) in
 * the test process, through the APP origin (/socket.io/ on the app port, the `token`
 * cookie in the handshake headers) against the stack Playwright starts, whose heartbeat
 * is short (playwright.config.ts: ping every 1 s, 2 s to answer). Events are sent with the
 * development route POST /dev/live/emit (to the caller's own sockets).
 */
import { request as httpRequest } from 'node:http';
import { io, type Socket } from 'socket.io-client';
import type { Browser } from '@playwright/test';
import { LIVE_PING_INTERVAL_MS } from '../../playwright.config';
import { newMember } from './support';
import { expect, test } from './support';

type LiveMember = { id: string; token: string; emit(event: string, payload: unknown): Promise<number>; drop(): Promise<number> };

async function liveMember(browser: Browser, baseURL: string, headers: Record<string, string>, name: string): Promise<LiveMember> {
  // Names of their own: members registered at once with one name race for one profile slug.
  const suffix = Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const member = await newMember({ browser, baseURL, headers }, { firstName: `${name}${suffix}`, onboarded: false });
  const token = (await member.context.cookies()).find((cookie) => cookie.name === 'token')?.value;
  expect(token).toBeTruthy();
  const call = async (path: string, data?: unknown) => {
    const response = await member.context.request.post(`/api/session/dev/live/${path}`, { data, headers: { origin: baseURL } });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  };
  return {
    id: member.id,
    token: token!,
    emit: async (event, payload) => (await call('emit', { event, payload })).sockets,
    drop: async () => (await call('drop')).dropped,
  };
}

const sockets: Socket[] = [];

/** A socket.io client of `member` through the app's origin, reconnecting quickly. */
function connectLive(baseURL: string, member: Pick<LiveMember, 'id' | 'token'>, options: { namespace?: string; userId?: string; cookie?: boolean } = {}): Socket {
  const socket = io(`${baseURL}${options.namespace ?? ''}`, {
    transports: ['websocket'],
    // A Manager of its own: io() would otherwise reuse a cached one, with another member's query and cookie.
    forceNew: true,
    query: { userId: options.userId ?? member.id },
    extraHeaders: options.cookie === false ? {} : { cookie: `token=${member.token}` },
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
    timeout: 5000,
  });
  sockets.push(socket);
  return socket;
}

/** Resolves with the next `event` of an emitter (socket or manager), with its arguments. */
function next<T = unknown>(emitter: { once(event: string, listener: (...args: unknown[]) => void): unknown }, event: string): Promise<T> {
  return new Promise((resolve) => emitter.once(event, (...args: unknown[]) => resolve((args.length > 1 ? args : args[0]) as T)));
}

/** Status and body of a raw WebSocket handshake to the app (node:http: fetch may not send Upgrade). */
function handshake(baseURL: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseURL}${path}`, {
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', ...headers },
    });
    req.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, body: '' });
    });
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test.afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

test.describe('the live connection (socket.io protocol through the app origin)', () => {
  test('handshakes over WebSocket, joins "/" with its own socket id, receives events in every tab and answers acks', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const [ada, bob] = await Promise.all([liveMember(browser, baseURL!, extraHTTPHeaders!, 'Ada'), liveMember(browser, baseURL!, extraHTTPHeaders!, 'Bob')]);
    const [tab1, tab2, other] = [connectLive(baseURL!, ada), connectLive(baseURL!, ada), connectLive(baseURL!, bob)];
    await Promise.all([next(tab1, 'connect'), next(tab2, 'connect'), next(other, 'connect')]);
    expect(tab1.io.engine.transport.name).toBe('websocket');
    expect(tab1.id).toMatch(/^[\w-]{20}$/);
    expect(tab1.id).not.toBe(tab1.io.engine.id);
    expect(tab1.id).not.toBe(tab2.id);

    const payload = { title: 'New connection request', body: 'Bob wants to connect <b>now</b>', userSender: null, notification: null };
    const received = [next(tab1, 'notification'), next(tab2, 'notification')];
    let strangerGotIt = false;
    other.on('notification', () => (strangerGotIt = true));
    expect(await ada.emit('notification', payload)).toBe(2);
    expect(await Promise.all(received)).toEqual([payload, payload]);

    expect(await tab1.timeout(3000).emitWithAck('thread', { connectionId: 'thread-1' })).toEqual({ ok: true, connectionId: 'thread-1' });
    expect(await tab1.timeout(3000).emitWithAck('thread', { connectionId: null })).toEqual({ ok: true, connectionId: null });
    expect(strangerGotIt).toBe(false);
  });

  test('refuses namespaces other than "/" with socket.io\'s error', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const ada = await liveMember(browser, baseURL!, extraHTTPHeaders!, 'Ada');
    const admin = connectLive(baseURL!, ada, { namespace: '/admin' });
    const error = await next<Error>(admin, 'connect_error');
    expect(error.message).toBe('Invalid namespace');
    expect(admin.connected).toBe(false);
  });

  test('keeps a connection through several heartbeats without a disconnect', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const ada = await liveMember(browser, baseURL!, extraHTTPHeaders!, 'Ada');
    const socket = connectLive(baseURL!, ada);
    await next(socket, 'connect');
    let pings = 0;
    let disconnects = 0;
    socket.io.engine.on('ping', () => (pings += 1));
    socket.on('disconnect', () => (disconnects += 1));
    const sid = socket.io.engine.id;
    await new Promise((resolve) => setTimeout(resolve, LIVE_PING_INTERVAL_MS * 5.5));
    expect(pings).toBeGreaterThanOrEqual(4);
    expect(disconnects).toBe(0);
    expect(socket.io.engine.id).toBe(sid);
    expect(await ada.emit('counts', { unseenMessages: 1 })).toBe(1);
  });

  test('closes a client that stops answering pings', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const ada = await liveMember(browser, baseURL!, extraHTTPHeaders!, 'Ada');
    const url = `${baseURL!.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket&userId=${ada.id}`;
    // Node's own WebSocket (undici) takes headers as an option; it never sends the pong `3`.
    const raw = new WebSocket(url, { headers: { cookie: `token=${ada.token}` } } as unknown as string[]);
    const frames: string[] = [];
    const opened = Date.now();
    raw.addEventListener('message', (event) => {
      frames.push(String(event.data));
      if (String(event.data).startsWith('0')) raw.send('40');
    });
    const closed = await new Promise<number>((resolve) => raw.addEventListener('close', () => resolve(Date.now() - opened)));
    const open = JSON.parse(frames[0]!.slice(1));
    expect(open).toMatchObject({ upgrades: [], pingInterval: LIVE_PING_INTERVAL_MS });
    expect(frames).toContain('2');
    expect(frames.find((frame) => frame.startsWith('40'))).toMatch(/^40\{"sid":"[\w-]{20}"\}$/);
    // Closed after one interval plus the timeout without a pong, at the next alarm.
    expect(closed).toBeGreaterThanOrEqual(open.pingInterval + open.pingTimeout);
    expect(closed).toBeLessThan(3 * open.pingInterval + open.pingTimeout + 3000);
  });

  test('reconnects by itself with a new session after the server drops the socket, and after the client drops its engine', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const ada = await liveMember(browser, baseURL!, extraHTTPHeaders!, 'Ada');
    const socket = connectLive(baseURL!, ada);
    await next(socket, 'connect');
    const firstSid = socket.io.engine.id;

    const dropped = next<string[]>(socket, 'disconnect');
    expect(await ada.drop()).toBe(1);
    expect((await dropped)[0]).toBe('transport close');
    await next(socket, 'connect');
    const secondSid = socket.io.engine.id;
    expect(secondSid).not.toBe(firstSid);
    const event = next(socket, 'counts');
    expect(await ada.emit('counts', { unseenNotifications: 4 })).toBe(1);
    expect(await event).toEqual({ unseenNotifications: 4 });

    const closedByClient = next<string[]>(socket, 'disconnect');
    socket.io.engine.close();
    expect((await closedByClient)[0]).toBe('forced close');
    await next(socket, 'connect');
    expect(socket.io.engine.id).not.toBe(secondSid);
    const again = next(socket, 'counts');
    expect(await ada.emit('counts', { unseenMessages: 0 })).toBe(1);
    expect(await again).toEqual({ unseenMessages: 0 });
  });

  test("refuses the upgrade without the member's token (401), for another member (401) and from another origin (403)", async ({ browser, baseURL, extraHTTPHeaders }) => {
    const [ada, bob] = await Promise.all([liveMember(browser, baseURL!, extraHTTPHeaders!, 'Ada'), liveMember(browser, baseURL!, extraHTTPHeaders!, 'Bob')]);
    const path = (userId: string) => `/socket.io/?EIO=4&transport=websocket&userId=${userId}`;
    const cookie = `token=${ada.token}`;
    expect((await handshake(baseURL!, path(ada.id), { cookie, origin: baseURL! })).status).toBe(101);
    const noCookie = await handshake(baseURL!, path(ada.id), {});
    expect(noCookie.status).toBe(401);
    expect(JSON.parse(noCookie.body)).toMatchObject({ status: 401 });
    const someoneElse = await handshake(baseURL!, path(bob.id), { cookie });
    expect(someoneElse.status).toBe(401);
    expect(JSON.parse(someoneElse.body).message).toBe('This live connection belongs to another member.');
    const crossOrigin = await handshake(baseURL!, path(ada.id), { cookie, origin: 'https://evil.example' });
    expect(crossOrigin.status).toBe(403);
    expect((await handshake(baseURL!, '/socket.io/?EIO=4&transport=polling', { cookie })).body).toBe('{"code":0,"message":"Transport unknown"}');

    // The real client: refused, no connection, and the member's object holds no socket.
    const refused = [connectLive(baseURL!, ada, { cookie: false }), connectLive(baseURL!, ada, { userId: bob.id })];
    for (const socket of refused) {
      socket.io.reconnection(false);
      expect((await next<Error>(socket, 'connect_error')).message).toBe('websocket error');
      expect(socket.connected).toBe(false);
    }
    expect(await bob.emit('counts', { unseenMessages: 1 })).toBe(0);
  });
});
