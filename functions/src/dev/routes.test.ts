import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, mailTo, post, signedInMember, uniqueEmail } from '../../test/api';
import { db } from '../db/client';
import { devMailbox } from '../mail/dev-mailbox';
import { systemClock } from '../clock';
import { newId } from '../db/ids';
import { inboxBinding } from '../inbox/inbox-binding';
import { connectedMembers, sendText } from '../inbox/test-inbox';
import { DEMO_ADMIN_PASSWORD, DEMO_MEMBERS, DEMO_PASSWORD, DEMO_POSTS } from './demo-data';

const production = { ...env, ENVIRONMENT: 'production' } as Env;
const NOT_FOUND = { message: 'Not found', status: 404, data: null };

describe('GET /dev/mailbox', () => {
  it('lists the mail sent to an address, newest first', async () => {
    const to = uniqueEmail('mailbox');
    const mailer = devMailbox(db(env), systemClock);
    await mailer.send({ to, subject: 'first', text: 'one', html: '<p>one</p>' });
    await mailer.send({ to, subject: 'second', text: 'two', html: '<p>two</p>' });
    await mailer.send({ to: uniqueEmail('someone-else'), subject: 'other', text: '', html: '' });

    const messages = await mailTo(to.toUpperCase());
    expect(messages.map((message) => message.subject)).toEqual(['second', 'first']);
    expect(messages[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      to,
      subject: 'second',
      text: 'two',
      html: '<p>two</p>',
      headers: {},
      attachments: [],
      createdAt: expect.any(String),
    });
  });

  it('lists at most the latest 50 messages of everyone without an address', async () => {
    const { messages } = await bodyOf(await get('/dev/mailbox'));
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.length).toBeLessThanOrEqual(50);
  });
});

describe('POST /dev/seed', () => {
  it('loads the demo community once; a second call changes nothing', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const first = await bodyOf(await post('/dev/seed'));
    if (first.seeded) expect(first).toEqual({ seeded: true, members: DEMO_MEMBERS.length, posts: DEMO_POSTS.length });
    const stats = await bodyOf(await get('/admin/stats', { token: admin.jwt }));

    expect(await bodyOf(await post('/dev/seed'))).toEqual({ seeded: false });
    expect(await bodyOf(await get('/admin/stats', { token: admin.jwt }))).toEqual(stats);
  });

  it('creates a verified, onboarded demo member and a demo administrator who can sign in', async () => {
    await post('/dev/seed');
    const demo = await bodyOf(await post('/auth/user-login', { email: 'demo@foundermesh.dev', password: DEMO_PASSWORD }));
    expect(demo.user).toMatchObject({ memberType: 'founder', emailVerified: true, onboarded: true, userRole: 'member' });
    expect(demo.user.profile.tagline).toEqual(expect.any(String));

    const admin = await bodyOf(await post('/auth/user-login', { email: 'admin@foundermesh.dev', password: DEMO_ADMIN_PASSWORD }));
    expect(admin.user).toMatchObject({ userRole: 'admin', memberType: 'founder', emailVerified: true, onboarded: true });
    expect((await get('/admin/stats', { token: admin.jwt })).status).toBe(200);
  });

  it('seeds founders (one premium), advisors and posts (one pinned) as the issue describes', () => {
    const founders = DEMO_MEMBERS.filter((member) => member.memberType === 'founder' && member.userRole !== 'admin');
    expect(founders.length).toBeGreaterThanOrEqual(6);
    expect(founders.filter((member) => member.premium)).toHaveLength(1);
    expect(DEMO_MEMBERS.filter((member) => member.memberType === 'advisor')).toHaveLength(4);
    expect(DEMO_POSTS.length).toBeGreaterThanOrEqual(6);
    expect(DEMO_POSTS.length).toBeLessThanOrEqual(8);
    expect(DEMO_POSTS.filter((post) => post.pinned)).toHaveLength(1);
    expect(DEMO_POSTS.some((post) => post.text.includes('#'))).toBe(true);
    expect(DEMO_POSTS.some((post) => post.text.includes('https://'))).toBe(true);
  });
});

describe('POST /dev/missed-mail', () => {
  it('runs the unread-message mails at the given moment, and refuses a bad one naming the field', async () => {
    const { a, b } = await connectedMembers();
    await sendText(a, b, 'Seen this?');
    const unreadMails = async () => (await mailTo(b.user.email)).filter((mail) => /sent you/.test(mail.subject));
    expect((await post('/dev/missed-mail')).status).toBe(200);
    expect(await unreadMails()).toHaveLength(0);
    const ran = await post(`/dev/missed-mail?at=${new Date(Date.now() + 2 * 60 * 60_000).toISOString()}`);
    expect(await bodyOf(ran)).toMatchObject({ unread: expect.any(Number), digests: expect.any(Number) });
    expect(await unreadMails()).toHaveLength(1);
    const bad = await post('/dev/missed-mail?at=tomorrow');
    expect(bad.status).toBe(400);
    expect(JSON.stringify((await bodyOf(bad)).data.fields)).toContain('at');
  });
});

describe('POST /dev/inbox/import', () => {
  it('fills a member’s mailbox in bulk, keeping what it holds, and names a bad field', async () => {
    const [owner, other] = [newId(), newId()];
    const threadId = newId();
    const message = (at: string, from: string, read: 0 | 1, replyTo: string | null = null) => ({
      id: newId(),
      thread_id: threadId,
      author_id: from,
      to_id: from === owner ? other : owner,
      body: `at ${at}`,
      reply_to_id: replyTo,
      read,
      created_at: at,
    });
    const first = message('2026-03-01T10:00:00.000Z', other, 1);
    const messages = [first, message('2026-03-01T11:00:00.000Z', owner, 1, first.id), message('2026-03-01T12:00:00.000Z', other, 0)];
    const body = { userId: owner, threads: [{ id: threadId, other_id: other, created_at: '2026-03-01T09:00:00.000Z' }], messages };
    const answer = await post('/dev/inbox/import', body);
    expect(answer.status).toBe(200);
    expect(await bodyOf(answer)).toEqual({ imported: 3 });

    const box = inboxBinding(env.INBOX_STORE).of(owner);
    const thread = await box.thread(threadId, []);
    expect(thread).toMatchObject({ other_id: other, t_unread: 1, msg_id: messages[2]!.id, t_updated: '2026-03-01T12:00:00.000Z' });
    const { rows } = await box.messages(threadId, null, 10, null);
    expect(rows.map((row) => [row.msg_id, row.msg_read, row.q_id])).toEqual([
      [messages[2]!.id, 0, null],
      [messages[1]!.id, 1, first.id],
      [first.id, 1, null],
    ]);
    // Again: the mailbox keeps its copies (the unread count does not grow).
    expect((await post('/dev/inbox/import', body)).status).toBe(200);
    expect((await box.thread(threadId, []))!.t_unread).toBe(1);
    expect((await box.messages(threadId, null, 10, null)).rows).toHaveLength(3);

    const bad = await post('/dev/inbox/import', { ...body, messages: [{ ...first, read: 2 }] });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bodyOf(bad)).data.fields)).toEqual(['messages.0.read']);
    // A message neither from nor to the member belongs in no mailbox of theirs.
    const elsewhere = await post('/dev/inbox/import', { ...body, messages: [{ ...first, to_id: newId() }] });
    expect(elsewhere.status).toBe(400);
    expect(Object.keys((await bodyOf(elsewhere)).data.fields)).toEqual(['messages.0.to_id']);
    expect((await box.messages(threadId, null, 10, null)).rows).toHaveLength(3);
  });
});

describe('the development routes outside development', () => {
  it('answer exactly like unknown routes', async () => {
    for (const [method, path] of [
      ['GET', '/dev/mailbox'],
      ['GET', '/dev/mailbox?to=a@example.com'],
      ['POST', '/dev/seed'],
      ['POST', '/dev/missed-mail'],
      ['POST', '/dev/inbox/import'],
    ] as const) {
      const response = await call(method, path, undefined, { env: production });
      expect(response.status).toBe(404);
      expect(await bodyOf(response)).toEqual(NOT_FOUND);
    }
  });
});
