import { describe, expect, it } from 'vitest';
import { bodyOf, call, createMember, get, post } from '../../test/api';
import { createApp } from '../app';
import { fixedClock } from '../clock';

const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Session = { _id: string; device: string; createdAt: string; lastSeenAt: string | null; current: boolean };

/** Signs the member in from a browser named by its User-Agent; the jwt. */
async function signInFrom(member: { user: { email: string }; password: string }, userAgent: string, app?: ReturnType<typeof createApp>): Promise<string> {
  const response = await post('/auth/user-login', { email: member.user.email, password: member.password }, { headers: { 'User-Agent': userAgent }, app });
  expect(response.status).toBe(200);
  return (await bodyOf(response)).jwt;
}

const sessionsOf = async (token: string, app?: ReturnType<typeof createApp>) => (await bodyOf<{ sessions: Session[] }>(await get('/auth/sessions', { token, app }))).sessions;

describe('GET /auth/sessions', () => {
  it('lists the member’s live sessions with their device and times, this one marked current', async () => {
    const member = await createMember();
    const laptop = await signInFrom(member, FIREFOX);
    const phone = await signInFrom(member, SAFARI_IPHONE);
    const list = await sessionsOf(laptop);
    expect(list).toHaveLength(2);
    expect(list.find((session) => session.current)).toMatchObject({ device: 'Firefox on Linux', createdAt: expect.any(String), lastSeenAt: expect.any(String) });
    expect(list.find((session) => !session.current)).toMatchObject({ device: 'Safari on iOS' });
    expect((await sessionsOf(phone)).find((session) => session.current)!.device).toBe('Safari on iOS');
  });

  it('leaves out ended sessions and never shows another member’s', async () => {
    const [member, stranger] = [await createMember(), await createMember()];
    const kept = await signInFrom(member, FIREFOX);
    const ended = await signInFrom(member, SAFARI_IPHONE);
    await signInFrom(stranger, SAFARI_IPHONE);
    await post('/auth/logout', undefined, { token: ended });
    expect((await sessionsOf(kept)).map((session) => session.device)).toEqual(['Firefox on Linux']);
  });

  it('records when a session was last used, at most every five minutes', async () => {
    const member = await createMember();
    const start = Date.now();
    const at = (minutes: number) => createApp({ clock: fixedClock(new Date(start + minutes * 60_000)) });
    const token = await signInFrom(member, FIREFOX, at(0));
    const seenAt = async (minutes: number) => (await sessionsOf(token, at(minutes)))[0]!.lastSeenAt;
    expect(await seenAt(2)).toBe(new Date(start).toISOString());
    expect(await seenAt(6)).toBe(new Date(start + 6 * 60_000).toISOString());
  });

  it('asks for authentication', async () => {
    expect((await get('/auth/sessions')).status).toBe(401);
  });
});

describe('DELETE /auth/sessions/{id}', () => {
  it('signs out another device: its token stops working, this one goes on', async () => {
    const member = await createMember();
    const laptop = await signInFrom(member, FIREFOX);
    const phone = await signInFrom(member, SAFARI_IPHONE);
    const other = (await sessionsOf(laptop)).find((session) => !session.current)!;
    const response = await call('DELETE', `/auth/sessions/${other._id}`, undefined, { token: laptop });
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ ok: true, message: 'Signed out.' });
    expect((await get('/auth/me', { token: phone })).status).toBe(401);
    expect((await get('/auth/me', { token: laptop })).status).toBe(200);
    expect((await call('DELETE', `/auth/sessions/${other._id}`, undefined, { token: laptop })).status).toBe(404);
  });

  it('answers 404 for another member’s session and leaves it alone', async () => {
    const [member, stranger] = [await createMember(), await createMember()];
    const mine = await signInFrom(member, FIREFOX);
    const theirs = await signInFrom(stranger, SAFARI_IPHONE);
    const theirId = (await sessionsOf(theirs))[0]!._id;
    const response = await call('DELETE', `/auth/sessions/${theirId}`, undefined, { token: mine });
    expect(response.status).toBe(404);
    expect(await bodyOf(response)).toEqual({ message: 'No such session.', status: 404, data: null });
    expect((await get('/auth/me', { token: theirs })).status).toBe(200);
  });

  it('refuses a malformed id (400 naming id) and a caller without a session (401)', async () => {
    const member = await createMember();
    const token = await signInFrom(member, FIREFOX);
    const bad = await call('DELETE', '/auth/sessions/not-an-id', undefined, { token });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bodyOf(bad)).data.fields)).toEqual(['id']);
    expect((await call('DELETE', '/auth/sessions/65f1c0ffee0123456789abcd')).status).toBe(401);
  });
});
