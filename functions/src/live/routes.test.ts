import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, get, signedInMember } from '../../test/api';
import { closeLiveSockets, livePath as path, openLiveSocket, UPGRADE as upgrade } from '../../test/live';
import { LIVE_MESSAGES } from './routes';

const liveOf = (userId: string) => env.LIVE.get(env.LIVE.idFromName(userId));
const connect = openLiveSocket;

afterEach(closeLiveSockets);

describe('GET /socket.io/: the live connection', () => {
  it('opens with Engine.IO\'s open packet and joins "/" with a socket id other than the engine sid', async () => {
    const member = await signedInMember();
    const client = await connect(member);
    const opened = JSON.parse((await client.next((f) => f.startsWith('0'))).slice(1));
    expect(opened).toEqual({ sid: expect.stringMatching(/^[\w-]{20}$/), upgrades: [], pingInterval: 25000, pingTimeout: 20000, maxPayload: 1000000 });
    client.ws.send('40');
    const joined = JSON.parse((await client.next((f) => f.startsWith('40'))).slice(2));
    expect(joined.sid).toMatch(/^[\w-]{20}$/);
    expect(joined.sid).not.toBe(opened.sid);
    expect(await liveOf(member.user.id).sockets()).toEqual({ open: 1, connected: 1 });
  });

  it("refuses other namespaces with socket.io's error and keeps the socket", async () => {
    const member = await signedInMember();
    const client = await connect(member);
    client.ws.send('40/admin,');
    expect(await client.next((f) => f.startsWith('44'))).toBe('44/admin,{"message":"Invalid namespace"}');
    expect(await liveOf(member.user.id).sockets()).toEqual({ open: 1, connected: 0 });
  });

  it('emits to every socket of the member that joined "/", and answers how many', async () => {
    const member = await signedInMember();
    const [first, second, waiting] = await Promise.all([connect(member), connect(member), connect(member)]);
    for (const client of [first!, second!]) {
      client.ws.send('40');
      await client.next((f) => f.startsWith('40'));
    }
    const payload = { unseenMessages: 3 };
    expect(await liveOf(member.user.id).emit('counts', payload)).toBe(2);
    for (const client of [first!, second!]) expect(await client.next((f) => f.startsWith('42'))).toBe('42["counts",{"unseenMessages":3}]');
    expect(waiting!.frames.some((f) => f.startsWith('42'))).toBe(false);
    const stranger = await signedInMember();
    expect(await liveOf(stranger.user.id).emit('counts', payload)).toBe(0);
  });

  it('answers client events that ask for an ack, and remembers the thread the page has open', async () => {
    const member = await signedInMember();
    const client = await connect(member, '&connectionId=thread-a');
    client.ws.send('40');
    await client.next((f) => f.startsWith('40'));
    client.ws.send('427["thread",{"connectionId":"thread-b"}]');
    expect(await client.next((f) => f.startsWith('43'))).toBe('437[{"ok":true,"connectionId":"thread-b"}]');
    client.ws.send('428["thread",{"connectionId":42}]');
    expect(await client.next((f) => f.startsWith('43'))).toBe('438[{"ok":false,"message":"connectionId must be a thread id or null."}]');
    client.ws.send('429["hello"]');
    expect(await client.next((f) => f.startsWith('43'))).toBe('439[{"ok":false,"message":"Unknown event: hello"}]');
  });

  it('pings from its alarm; the runtime answers pongs with a noop', async () => {
    const member = await signedInMember();
    const client = await connect(member);
    client.ws.send('40');
    await client.next((f) => f.startsWith('40'));
    expect(await runDurableObjectAlarm(liveOf(member.user.id))).toBe(true);
    expect(await client.next((f) => f === '2')).toBe('2');
    client.ws.send('3');
    expect(await client.next((f) => f === '6')).toBe('6');
  });

  it('closes on an engine close, a namespace disconnect, a garbled frame or an event before joining', async () => {
    const member = await signedInMember();
    for (const frame of ['1', '41', '4{nonsense', '42["thread",{"connectionId":null}]']) {
      const client = await connect(member);
      if (frame === '41') {
        client.ws.send('40');
        await client.next((f) => f.startsWith('40'));
      }
      client.ws.send(frame);
      expect(await client.closed, frame).toBeGreaterThanOrEqual(1000);
    }
  });

  it("answers socket.io's own 400s to a handshake it does not serve", async () => {
    const member = await signedInMember();
    const cases: Array<[string, Record<string, string>, { code: number; message: string }]> = [
      ['/socket.io/?EIO=4&transport=polling&userId=x', upgrade, { code: 0, message: 'Transport unknown' }],
      [`${path(member.user.id)}&sid=abc`, upgrade, { code: 1, message: 'Session ID unknown' }],
      [path(member.user.id), {}, { code: 3, message: 'Bad request' }],
      [`/socket.io/?EIO=3&transport=websocket&userId=${member.user.id}`, upgrade, { code: 5, message: 'Unsupported protocol version' }],
    ];
    for (const [url, headers, answer] of cases) {
      const response = await get(url, { token: member.jwt, headers });
      expect(response.status, url).toBe(400);
      expect(await bodyOf(response), url).toEqual(answer);
    }
    const missing = await get('/socket.io/?EIO=4&transport=websocket', { token: member.jwt, headers: upgrade });
    expect(missing.status).toBe(400);
    expect((await bodyOf(missing)).data.fields).toEqual({ userId: 'is required' });
  });

  it("refuses without a token, with a bad one, or with another member's (401, no socket)", async () => {
    const [member, other] = await Promise.all([signedInMember(), signedInMember()]);
    const attempts = [
      await get(path(member.user.id), { headers: upgrade }),
      await get(path(member.user.id), { token: 'not-a-token', headers: upgrade }),
      await get(path(member.user.id), { token: other.jwt, headers: upgrade }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(401);
      expect(response.webSocket).toBeNull();
    }
    expect((await bodyOf(attempts[2]!)).message).toBe(LIVE_MESSAGES.otherMember);
    expect(await liveOf(member.user.id).sockets()).toEqual({ open: 0, connected: 0 });
  });
});
