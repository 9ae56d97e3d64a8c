import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, signedInMember } from '../../test/api';
import { block, connectedPair, UNKNOWN_ID } from '../../test/connections';
import { fixedClock } from '../clock';
import { createApp } from '../app';
import { send } from '../inbox/test-inbox';
import { REQUEST_MESSAGES as M } from '../shared/message-request-messages';
import { storedRows } from '../notifications/test-support';

type Member = Awaited<ReturnType<typeof signedInMember>>;
let sequence = 0;
const member = (overrides: Parameters<typeof signedInMember>[0] = {}) => signedInMember({ lastName: `Requests ${++sequence}`, ...overrides });
const premium = () => member({ roleType: 'premium', firstName: 'Petra' });
const free = () => member({ firstName: 'Frank' });

/** A worker whose allowance is `allowance` a month (MESSAGE_REQUEST_ALLOWANCE). */
const withAllowance = (allowance: number) => ({ env: { ...env, MESSAGE_REQUEST_ALLOWANCE: String(allowance) } });

const sendTo = (from: Member, to: Member, body = 'Hello, could we talk about your pilot?', options = {}) =>
  post('/message-requests', { to: to.user.id, body }, { token: from.jwt, ...options });
const folderOf = async (m: Member) => bodyOf(await get('/message-requests', { token: m.jwt }));
const allowanceOf = async (m: Member, options = {}) => bodyOf(await get('/message-requests/allowance', { token: m.jwt, ...options }));
const accept = (m: Member, id: string) => post(`/message-requests/${id}/accept`, undefined, { token: m.jwt });
const decline = (m: Member, id: string) => post(`/message-requests/${id}/decline`, undefined, { token: m.jwt });

async function sent(from: Member, to: Member, body?: string, options = {}): Promise<{ request: { _id: string }; allowance: { used: number; remaining: number } }> {
  const response = await sendTo(from, to, body, options);
  if (response.status !== 201) throw new Error(`request answered ${response.status}: ${await response.text()}`);
  return bodyOf(response);
}

describe('sending a message request', () => {
  it('lets a Premium member write to a member they are not connected with; the recipient finds it in Requests and is notified', async () => {
    const [petra, rosa] = await Promise.all([premium(), free()]);
    const response = await sendTo(petra, rosa, '  Hi <b>Rosa</b>, a question about hiring  ');
    expect(response.status).toBe(201);
    const { request, allowance } = await bodyOf(response);
    expect(request).toMatchObject({ body: 'Hi <b>Rosa</b>, a question about hiring', status: 'pending', answeredAt: null });
    expect(request.sender).toMatchObject({ _id: petra.user.id, premium: true });
    expect(request.recipient).toMatchObject({ _id: rosa.user.id, premium: false });
    expect(allowance).toMatchObject({ premium: true, allowance: 15, used: 1, remaining: 14 });

    const folder = await folderOf(rosa);
    expect(folder.total).toBe(1);
    expect(folder.data[0]).toMatchObject({ _id: request._id, body: request.body, sender: { _id: petra.user.id } });
    const [stored] = await storedRows(rosa.user.id);
    const notice = { kind: stored?.kind, ref_id: stored?.ref_id, link: stored?.link, sender_id: stored?.sender_id };
    expect(notice).toEqual({ kind: 'message.requested', ref_id: request._id, link: '/inbox?folder=requests', sender_id: petra.user.id });
    // The sender's folder holds only requests to them.
    expect((await folderOf(petra)).total).toBe(0);
  });

  it('refuses a free member with 403 and says where Premium is', async () => {
    const [frank, rosa] = await Promise.all([free(), free()]);
    const response = await sendTo(frank, rosa);
    expect(response.status).toBe(403);
    expect(await bodyOf(response)).toMatchObject({ message: M.premiumOnly, data: { upgrade: '/premium' } });
    expect((await folderOf(rosa)).total).toBe(0);
  });

  it('names the field at fault: a bad id, yourself, an empty or too long text', async () => {
    const petra = await premium();
    const badId = await post('/message-requests', { to: 'nope', body: 'hi' }, { token: petra.jwt });
    expect(badId.status).toBe(400);
    expect((await bodyOf(badId)).data.fields.to).toMatch(/24-character/);
    const self = await sendTo(petra, petra);
    expect(self.status).toBe(400);
    expect((await bodyOf(self)).data.fields.to).toBe(M.yourself);
    const rosa = await free();
    const empty = await sendTo(petra, rosa, '   ');
    expect((await bodyOf(empty)).data.fields.body).toBe('must not be empty');
    const long = await sendTo(petra, rosa, 'x'.repeat(2001));
    expect((await bodyOf(long)).data.fields.body).toMatch(/2000/);
  });

  it('answers 401 without a session on every route', async () => {
    for (const [method, path] of [
      ['GET', '/message-requests'],
      ['POST', '/message-requests'],
      ['GET', '/message-requests/allowance'],
      ['PATCH', '/message-requests/settings'],
      ['POST', `/message-requests/${UNKNOWN_ID}/accept`],
      ['POST', `/message-requests/${UNKNOWN_ID}/decline`],
    ] as const) {
      expect((await call(method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses an unknown member and members blocked either way with 404', async () => {
    const [petra, rosa, sam] = await Promise.all([premium(), free(), free()]);
    expect((await post('/message-requests', { to: UNKNOWN_ID, body: 'hi' }, { token: petra.jwt })).status).toBe(404);
    await block(rosa, petra);
    const blockedByThem = await sendTo(petra, rosa);
    expect(blockedByThem.status).toBe(404);
    expect((await bodyOf(blockedByThem)).message).toBe(M.memberNotFound);
    await block(petra, sam);
    expect((await sendTo(petra, sam)).status).toBe(404);
  });

  it('refuses connected members, and a second request between the same two whoever sends it (409)', async () => {
    const pair = await connectedPair();
    // Made Premium in D1 directly: the connected pair helper makes free members.
    await env.DB.prepare("UPDATE users SET role_type = 'premium' WHERE id = ?").bind(pair.requester.user.id).run();
    const connected = await sendTo(pair.requester, pair.receiver);
    expect(connected.status).toBe(409);
    expect((await bodyOf(connected)).message).toBe(M.connected);

    const [petra, paul, rosa] = await Promise.all([premium(), premium(), free()]);
    await sent(petra, rosa);
    const again = await sendTo(petra, rosa);
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).message).toBe(M.alreadySent);
    await sent(paul, petra);
    const back = await sendTo(petra, paul);
    expect((await bodyOf(back)).message).toBe(M.theySent);
  });

  it('refuses with 403 when the recipient turned requests off, and lets them turn it back on', async () => {
    const [petra, rosa] = await Promise.all([premium(), free()]);
    expect(await bodyOf(await get('/message-requests/settings', { token: rosa.jwt }))).toEqual({ accepting: true });
    const off = await call('PATCH', '/message-requests/settings', { accepting: false }, { token: rosa.jwt });
    expect(await bodyOf(off)).toEqual({ accepting: false });
    const refused = await sendTo(petra, rosa);
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).message).toBe(M.turnedOff);
    const bad = await call('PATCH', '/message-requests/settings', { accepting: 'no' }, { token: rosa.jwt });
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).data.fields).toHaveProperty('accepting');
    await call('PATCH', '/message-requests/settings', { accepting: true }, { token: rosa.jwt });
    expect((await sendTo(petra, rosa)).status).toBe(201);
  });
});

describe('the monthly allowance', () => {
  it('stops at the configured number with 409 saying when it renews, and an accepted request gives its unit back', async () => {
    const petra = await premium();
    const [rosa, sam, tom] = await Promise.all([free(), free(), free()]);
    const two = withAllowance(2);
    const first = await sent(petra, rosa, undefined, two);
    await sent(petra, sam, undefined, two);
    const over = await sendTo(petra, tom, undefined, two);
    expect(over.status).toBe(409);
    const body = await bodyOf(over);
    const now = new Date();
    const renewsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
    expect(body).toMatchObject({ message: M.allowanceUsed(2, renewsAt), data: { renewsAt, allowance: 2 } });
    expect(body.message).toContain(renewsAt.slice(0, 10));
    expect(await allowanceOf(petra, two)).toMatchObject({ used: 2, remaining: 0, renewsAt });

    expect((await accept(rosa, first.request._id)).status).toBe(200);
    expect(await allowanceOf(petra, two)).toMatchObject({ used: 1, remaining: 1 });
    expect((await sendTo(petra, tom, undefined, two)).status).toBe(201);
  });

  it('keeps the unit of a declined request used, and counts requests of earlier months no more', async () => {
    const petra = await premium();
    const [rosa, sam] = await Promise.all([free(), free()]);
    const one = withAllowance(1);
    const { request } = await sent(petra, rosa, undefined, one);
    expect((await decline(rosa, request._id)).status).toBe(200);
    expect(await allowanceOf(petra, one)).toMatchObject({ used: 1, remaining: 0 });
    expect((await sendTo(petra, sam, undefined, one)).status).toBe(409);
    // Next month the count starts again.
    const nextMonth = new Date();
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1, 1);
    const app = createApp({ clock: fixedClock(nextMonth) });
    expect((await sendTo(petra, sam, undefined, { ...one, app })).status).toBe(201);
  });

  it('tells free members they have none', async () => {
    expect(await allowanceOf(await free())).toMatchObject({ premium: false, allowance: 0, remaining: 0 });
  });
});

describe('answering a request', () => {
  it('accepting opens the conversation normally: the request is its message, and both may write', async () => {
    const [petra, rosa] = await Promise.all([premium(), free()]);
    const { request } = await sent(petra, rosa, 'First words');
    const response = await accept(rosa, request._id);
    expect(response.status).toBe(200);
    const thread = await bodyOf(response);
    expect(thread).toMatchObject({ canWrite: true, status: 'accepted', message: 'First words', receiver: { _id: petra.user.id } });
    expect(thread.latestMessage).toMatchObject({ body: 'First words', to: rosa.user.id, authorProfile: { _id: petra.user.id } });
    expect((await folderOf(rosa)).total).toBe(0);
    // Both see it in their conversations, and the recipient can answer.
    const list = await bodyOf(await get('/connections', { token: petra.jwt }));
    expect(list.data.map((t: { _id: string }) => t._id)).toContain(thread._id);
    expect((await send(rosa, { to: petra.user.id, body: 'Happy to talk' })).status).toBe(201);
    expect((await send(petra, { connectionId: thread._id, body: 'Great' })).status).toBe(201);
    const accepted = (await storedRows(petra.user.id)).find((row) => row.kind === 'message.request_accepted');
    expect({ link: accepted?.link }).toEqual({ link: `/inbox?personalInbox=${thread._id}` });
    // Answered once only.
    expect((await accept(rosa, request._id)).status).toBe(409);
    expect((await decline(rosa, request._id)).status).toBe(409);
  });

  it('declining removes it from Requests without telling the sender, and no new request between them can be sent', async () => {
    const [petra, rosa] = await Promise.all([premium(), free()]);
    const { request } = await sent(petra, rosa);
    const response = await decline(rosa, request._id);
    expect(await bodyOf(response)).toEqual({ _id: request._id, status: 'declined' });
    expect((await folderOf(rosa)).total).toBe(0);
    expect(await storedRows(petra.user.id)).toHaveLength(0);
    const again = await sendTo(petra, rosa);
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).message).toBe(M.declined);
  });

  it('blocking the sender hides the request, and it cannot be answered while the block stands', async () => {
    const [petra, rosa] = await Promise.all([premium(), free()]);
    const { request } = await sent(petra, rosa);
    expect((await block(rosa, petra)).status).toBeLessThan(300);
    expect((await folderOf(rosa)).total).toBe(0);
    expect((await accept(rosa, request._id)).status).toBe(404);
    // The sender cannot write either.
    expect((await sendTo(petra, rosa)).status).toBe(404);
  });

  it('another member’s request is unreachable: 404 to anyone but its recipient, the sender included', async () => {
    const [petra, rosa, eve] = await Promise.all([premium(), free(), free()]);
    const { request } = await sent(petra, rosa);
    for (const who of [eve, petra]) {
      expect((await accept(who, request._id)).status).toBe(404);
      expect((await decline(who, request._id)).status).toBe(404);
    }
    expect((await accept(rosa, UNKNOWN_ID)).status).toBe(404);
    expect((await post('/message-requests/not-an-id/accept', undefined, { token: rosa.jwt })).status).toBe(400);
    expect((await folderOf(rosa)).data[0]._id).toBe(request._id);
  });
});
