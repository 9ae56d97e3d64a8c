import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, get, signedInMember } from '../../test/api';
import { closeLiveSockets, joinedLiveSocket, type LiveClient } from '../../test/live';
import { FLOOD_LIMITS } from '../rate-limit/policies';
import { heartbeatSettings } from './heartbeat';
import { CLOSE_CODES } from './live-object';

afterEach(closeLiveSockets);

const liveOf = (userId: string) => env.LIVE.get(env.LIVE.idFromName(userId));

/** Whether the socket is still open a moment after. */
const stillOpen = (client: LiveClient) => Promise.race([client.closed.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 100))]);

describe('live sockets per member', () => {
  it(`keeps ${FLOOD_LIMITS.liveSocketsPerMember} open; a newer one closes the oldest, told not to reconnect (41, code 4006)`, async () => {
    const member = await signedInMember();
    const cap = FLOOD_LIMITS.liveSocketsPerMember;
    const sockets: LiveClient[] = [];
    for (let i = 0; i < cap; i++) sockets.push(await joinedLiveSocket(member));
    expect(await liveOf(member.user.id).sockets()).toEqual({ open: cap, connected: cap });

    const newest = await joinedLiveSocket(member);
    expect(await sockets[0]!.closed).toBe(CLOSE_CODES.tooManySockets);
    expect(sockets[0]!.frames).toContain('41');
    expect(await stillOpen(sockets[1]!)).toBe(true);
    expect(await stillOpen(newest)).toBe(true);
    expect((await liveOf(member.user.id).sockets()).open).toBe(cap);

    // One more: the next oldest goes, and another member's sockets are not touched.
    const other = await joinedLiveSocket(await signedInMember());
    await joinedLiveSocket(member);
    expect(await sockets[1]!.closed).toBe(CLOSE_CODES.tooManySockets);
    expect(await stillOpen(other)).toBe(true);
  }, 30_000);

  it('says so in the API reference of /socket.io/', async () => {
    const { paths } = await bodyOf(await get('/openapi.json'));
    expect(paths['/socket.io/'].get.description).toContain('A member holds at most 20 sockets: a newer one is accepted and the oldest is sent `41`');
  });

  it('reads the cap from LIVE_MAX_SOCKETS when it is a whole number, else the flood limit', () => {
    expect(heartbeatSettings({ LIVE_MAX_SOCKETS: '1100' }).maxSockets).toBe(1100);
    for (const value of [undefined, '', '0', 'many', '2.5']) expect(heartbeatSettings({ LIVE_MAX_SOCKETS: value }).maxSockets).toBe(FLOOD_LIMITS.liveSocketsPerMember);
  });
});
