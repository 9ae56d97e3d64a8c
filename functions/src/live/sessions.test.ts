import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, call, get, post, resetCodeFor, sessionToken, signedInMember } from '../../test/api';
import { closeLiveSockets, joinedLiveSocket, livePath, UPGRADE } from '../../test/live';
import { CLOSE_CODES } from './live-object';
import { withUpgradeSession } from './upgrade';

const liveOf = (userId: string) => env.LIVE.get(env.LIVE.idFromName(userId));

afterEach(closeLiveSockets);

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** The member signed in on a second device: the same member with another session's token. */
async function onAnotherDevice(member: Member): Promise<Member> {
  return { ...member, jwt: await sessionToken(member.user) };
}

/** Whether the socket is still open a moment after (a closed socket settles its `closed` promise first). */
async function stillOpen(closed: Promise<number>): Promise<boolean> {
  return Promise.race([closed.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 100))]);
}

describe('a live socket lives no longer than its session', () => {
  it('closes when its session signs out; the member’s other sessions keep theirs', async () => {
    const member = await signedInMember();
    const [mine, otherDevice] = await Promise.all([joinedLiveSocket(member), joinedLiveSocket(await onAnotherDevice(member))]);
    expect((await post('/auth/logout', undefined, { token: member.jwt })).status).toBe(200);
    expect(await mine.closed).toBe(CLOSE_CODES.sessionEnded);
    expect(await stillOpen(otherDevice.closed)).toBe(true);
    expect(await liveOf(member.user.id).sockets()).toEqual({ open: 1, connected: 1 });
  });

  it('all close when the member signs out everywhere', async () => {
    const member = await signedInMember();
    const sockets = await Promise.all([joinedLiveSocket(member), joinedLiveSocket(member), joinedLiveSocket(await onAnotherDevice(member))]);
    expect((await post('/auth/logout-all', { password: member.password }, { token: member.jwt })).status).toBe(200);
    for (const socket of sockets) expect(await socket.closed).toBe(CLOSE_CODES.sessionEnded);
    expect(await liveOf(member.user.id).sockets()).toEqual({ open: 0, connected: 0 });
  });

  it('closes when the member signs that session out from another device; the others keep theirs', async () => {
    const member = await signedInMember();
    const laptop = await onAnotherDevice(member);
    const [phoneSocket, laptopSocket] = await Promise.all([joinedLiveSocket(member), joinedLiveSocket(laptop)]);
    const { sessions } = await (await get('/auth/sessions', { token: laptop.jwt })).json<{ sessions: { _id: string; current: boolean }[] }>();
    const phone = sessions.find((session) => !session.current)!;
    expect((await call('DELETE', `/auth/sessions/${phone._id}`, undefined, { token: laptop.jwt })).status).toBe(200);
    expect(await phoneSocket.closed).toBe(CLOSE_CODES.sessionEnded);
    expect(await stillOpen(laptopSocket.closed)).toBe(true);
  });

  it('a password change closes the other sessions’ sockets and keeps the caller’s', async () => {
    const member = await signedInMember();
    const [mine, otherDevice] = await Promise.all([joinedLiveSocket(member), joinedLiveSocket(await onAnotherDevice(member))]);
    const body = { currentPassword: member.password, password: 'my-new-password', passwordConfirmation: 'my-new-password' };
    expect((await post('/auth/change-password', body, { token: member.jwt })).status).toBe(200);
    expect(await otherDevice.closed).toBe(CLOSE_CODES.sessionEnded);
    expect(await stillOpen(mine.closed)).toBe(true);
  });

  it('a password reset closes every socket', async () => {
    const member = await signedInMember();
    const socket = await joinedLiveSocket(member);
    await post('/auth/reset-password', { type: 'request', email: member.user.email });
    const code = await resetCodeFor(member.user.email);
    const reset = await post('/auth/reset-password', { type: 'reset', code, password: 'a-brand-new-password', passwordConfirmation: 'a-brand-new-password' });
    expect(reset.status).toBe(200);
    expect(await socket.closed).toBe(CLOSE_CODES.sessionEnded);
  });

  it('a signed-out session cannot open a new socket', async () => {
    const member = await signedInMember();
    await post('/auth/logout', undefined, { token: member.jwt });
    expect((await get(livePath(member.user.id), { token: member.jwt, headers: UPGRADE })).status).toBe(401);
  });
});

/** Waits for `socket` to be told its session ended for `reason`, then namespace end (`41`) and the close (4005). */
async function toldEnded(socket: Awaited<ReturnType<typeof joinedLiveSocket>>, reason: string): Promise<void> {
  await socket.next((frame) => frame === `42["session.ended",{"reason":"${reason}"}]`);
  await socket.next((frame) => frame === '41');
  expect(await socket.closed).toBe(CLOSE_CODES.sessionEnded);
}

describe('a tab whose session ends is told why (issue 28, finding 8)', () => {
  it('hears `signed_out` when another device signs it out from the sessions list', async () => {
    const member = await signedInMember();
    const laptop = await onAnotherDevice(member);
    const phoneSocket = await joinedLiveSocket(member);
    const { sessions } = await (await get('/auth/sessions', { token: laptop.jwt })).json<{ sessions: { _id: string; current: boolean }[] }>();
    const phone = sessions.find((session) => !session.current)!;
    await call('DELETE', `/auth/sessions/${phone._id}`, undefined, { token: laptop.jwt });
    await toldEnded(phoneSocket, 'signed_out');
  });

  it('hears `signed_out_everywhere` after sign out everywhere', async () => {
    const member = await signedInMember();
    const socket = await joinedLiveSocket(await onAnotherDevice(member));
    await post('/auth/logout-all', { password: member.password }, { token: member.jwt });
    await toldEnded(socket, 'signed_out_everywhere');
  });

  it('hears `password_changed` on the other devices after a password change', async () => {
    const member = await signedInMember();
    const socket = await joinedLiveSocket(await onAnotherDevice(member));
    const body = { currentPassword: member.password, password: 'my-new-password', passwordConfirmation: 'my-new-password' };
    await post('/auth/change-password', body, { token: member.jwt });
    await toldEnded(socket, 'password_changed');
  });

  it('hears `suspended` when an administrator suspends the member', async () => {
    const [admin, member] = await Promise.all([signedInMember({ userRole: 'admin' }), signedInMember()]);
    const socket = await joinedLiveSocket(member);
    const suspended = await call('POST', `/admin/moderation/members/${member.user.id}/suspend`, { reason: 'Spam', until: null }, { token: admin.jwt });
    expect(suspended.status).toBe(200);
    await toldEnded(socket, 'suspended');
  });

  it('a refused token says why its session ended, so a tab whose socket was down can tell too', async () => {
    const reasonOf = async (token: string) => (await bodyOf(await get('/auth/me', { token }))).data?.reason;
    const signedOut = await signedInMember();
    await post('/auth/logout', undefined, { token: signedOut.jwt });
    expect(await reasonOf(signedOut.jwt)).toBe('signed_out');

    const everywhere = await signedInMember();
    const otherDevice = await onAnotherDevice(everywhere);
    await post('/auth/logout-all', { password: everywhere.password }, { token: everywhere.jwt });
    expect(await reasonOf(otherDevice.jwt)).toBe('signed_out_everywhere');

    const changed = await signedInMember();
    const stale = await onAnotherDevice(changed);
    const body = { currentPassword: changed.password, password: 'my-new-password', passwordConfirmation: 'my-new-password' };
    await post('/auth/change-password', body, { token: changed.jwt });
    expect(await reasonOf(stale.jwt)).toBe('password_changed');

    const [admin, suspended] = await Promise.all([signedInMember({ userRole: 'admin' }), signedInMember()]);
    await call('POST', `/admin/moderation/members/${suspended.user.id}/suspend`, { reason: 'Spam', until: null }, { token: admin.jwt });
    expect(await reasonOf(suspended.jwt)).toBe('suspended');
  });
});

describe('a live socket whose token expires', () => {
  /** A socket joined to "/" on the member's object, opened as the route would with a token that expires in `ms`. */
  async function socketExpiringIn(userId: string, ms: number) {
    const upgrade = new Request(`https://api.local${livePath(userId)}`, { headers: UPGRADE });
    const response = await liveOf(userId).fetch(withUpgradeSession(upgrade, { sessionId: 'a-session', expiresAt: Date.now() + ms }));
    const ws = response.webSocket!;
    const closed = new Promise<number>((resolve) => ws.addEventListener('close', (event) => resolve(event.code)));
    const frames: string[] = [];
    ws.accept();
    ws.addEventListener('message', (event) => frames.push(String(event.data)));
    ws.send('40');
    await vi.waitFor(() => expect(frames.some((frame) => frame.startsWith('40'))).toBe(true), { timeout: 2000, interval: 5 });
    return { ws, closed, frames };
  }

  it('is closed by the heartbeat alarm once the token has expired', async () => {
    const member = await signedInMember();
    const socket = await socketExpiringIn(member.user.id, 300);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await runDurableObjectAlarm(liveOf(member.user.id));
    expect(await socket.closed).toBe(CLOSE_CODES.sessionEnded);
    expect(socket.frames.slice(-2)).toEqual(['42["session.ended",{"reason":"expired"}]', '41']);
  });

  it('receives no event after its token expired, even before the alarm', async () => {
    const member = await signedInMember();
    const socket = await socketExpiringIn(member.user.id, 300);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await liveOf(member.user.id).emit('counts', { unseenMessages: 1 })).toBe(0);
    expect(await socket.closed).toBe(CLOSE_CODES.sessionEnded);
    expect(socket.frames.filter((frame) => frame.startsWith('42'))).toEqual(['42["session.ended",{"reason":"expired"}]']);
  });

  it('is refused when the route tells no session or an expired one', async () => {
    const member = await signedInMember();
    const upgrade = new Request(`https://api.local${livePath(member.user.id)}`, { headers: UPGRADE });
    expect((await liveOf(member.user.id).fetch(upgrade.clone())).status).toBe(400);
    expect((await liveOf(member.user.id).fetch(withUpgradeSession(upgrade, { sessionId: 's', expiresAt: Date.now() - 1 }))).status).toBe(400);
  });
});
