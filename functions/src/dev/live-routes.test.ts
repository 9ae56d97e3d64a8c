import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, signedInMember } from '../../test/api';
import { closeLiveSockets, joinedLiveSocket } from '../../test/live';

const production = { ...env, ENVIRONMENT: 'production' } as Env;

afterEach(closeLiveSockets);

describe('the development helpers of the live connection', () => {
  it("sends an event to the caller's own joined sockets only, and counts them", async () => {
    const [member, other] = await Promise.all([signedInMember(), signedInMember()]);
    const [mine, theirs] = await Promise.all([joinedLiveSocket(member), joinedLiveSocket(other)]);
    const response = await post('/dev/live/emit', { event: 'counts', payload: { unseenNotifications: 2 } }, { token: member.jwt });
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ sockets: 1 });
    expect(await mine.next((f) => f.startsWith('42'))).toBe('42["counts",{"unseenNotifications":2}]');
    expect(theirs.frames.some((f) => f.startsWith('42'))).toBe(false);
    expect(await bodyOf(await get('/dev/live/sockets', { token: member.jwt }))).toEqual({ open: 1, connected: 1 });
  });

  it("drops the caller's sockets as a restart would", async () => {
    const member = await signedInMember();
    const client = await joinedLiveSocket(member);
    expect(await bodyOf(await post('/dev/live/drop', undefined, { token: member.jwt }))).toEqual({ dropped: 1 });
    expect(await client.closed).toBe(4004);
  });

  it('names a wrong event, wants a session, and does not exist outside development', async () => {
    const member = await signedInMember();
    const wrong = await post('/dev/live/emit', { event: 'everything', payload: {} }, { token: member.jwt });
    expect(wrong.status).toBe(400);
    expect(Object.keys((await bodyOf(wrong)).data.fields)).toEqual(['event']);
    expect((await post('/dev/live/emit', { event: 'counts', payload: {} })).status).toBe(401);
    for (const [method, path] of [
      ['POST', '/dev/live/emit'],
      ['GET', '/dev/live/sockets'],
      ['POST', '/dev/live/drop'],
    ] as const) {
      const response = await call(method, path, method === 'POST' ? { event: 'counts', payload: {} } : undefined, { token: member.jwt, env: production });
      expect(response.status, path).toBe(404);
    }
  });
});
