import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, mailTo, post, signedInMember } from '../../test/api';
import { fixedClock } from '../clock';
import { readConfig } from '../config';
import { db } from '../db/client';
import { newId } from '../db/ids';
import worker from '../index';
import { devMailbox } from '../mail/dev-mailbox';
import { buildMimeMessage } from '../mail/mime';
import { storedFor, testStores } from '../notifications/test-support';
import { recordView } from '../profiles/views';
import { profileViewsBinding } from '../profiles/profile-views-binding';
import { savePreferences } from '../push/preferences';
import type { InboxBox, InboxStores } from '../ports/inbox';
import { inboxBinding } from '../inbox/inbox-binding';
import { connectedMembers, sendText, type Member } from '../inbox/test-inbox';
import { threadIdOf } from '../inbox/threads';
import { sendDigestsNow } from './digest-queue';
import { sendUnreadMessageMails, unreadMark } from './unread';
import { unsubscribeToken } from './unsubscribe';

const SECRET = env.JWT_SECRET;
const inbox = inboxBinding(env.INBOX_STORE);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The mail jobs' dependencies on a clock at `at` (the dev mailbox, as in development). */
function depsAt(at: Date) {
  const database = db(env);
  const clock = fixedClock(at);
  return {
    db: database,
    clock,
    mailer: devMailbox(database, clock),
    config: readConfig(env),
    profileViews: profileViewsBinding(env.PROFILE_VIEW_STORE),
    notifications: testStores(),
    inbox,
  };
}

const unreadRun = (at: Date) => sendUnreadMessageMails(depsAt(at), SECRET);
const digestRun = (at: Date) => sendDigestsNow(depsAt(at), SECRET);
const later = (ms: number) => new Date(Date.now() + ms);

/** `at`, or the next UTC day's 00:05 when fewer than `room` ms of `at`'s UTC day are left. */
function sameDayWindow(at: Date, room: number): Date {
  const nextDay = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
  return nextDay - at.getTime() < room ? new Date(nextDay + 5 * MINUTE) : at;
}

const unreadMails = async (member: Member) => (await mailTo(member.user.email)).filter((mail) => /sent you/.test(mail.subject));
const digests = async (member: Pick<Member, 'user'>) => (await mailTo(member.user.email)).filter((mail) => /digest/.test(mail.subject));
/**
 * Unread messages from `from` to `to` sent at `at` (default now), a millisecond apart, as the
 * send path leaves them: in both mailboxes under the pair's thread, and `to`'s unread_threads
 * row of it by the send path's own statement (`unreadMark`). Answers the thread id.
 */
async function unreadFrom(from: Member, to: Member, bodies: string[], at = new Date()): Promise<string> {
  const threadId = await threadIdOf(from.user.id, to.user.id);
  const messages = bodies.map((body, index) => ({
    id: newId(),
    thread_id: threadId,
    author_id: from.user.id,
    to_id: to.user.id,
    body,
    reply_to_id: null,
    read: 0,
    created_at: new Date(at.getTime() + index).toISOString(),
  }));
  const thread = (otherId: string) => [{ id: threadId, other_id: otherId, created_at: at.toISOString() }];
  await inbox.of(from.user.id).importRows({ threads: thread(to.user.id), messages });
  await inbox.of(to.user.id).importRows({ threads: thread(from.user.id), messages });
  await db(env).run(unreadMark({ recipientId: to.user.id, threadId, senderId: from.user.id, at: messages[0]!.created_at }));
  return threadId;
}

/** The member's unread_threads rows. */
const unreadRowsOf = (member: Pick<Member, 'user'>) =>
  db(env).all<{ thread_id: string; sender_id: string }>(sql`SELECT thread_id, sender_id FROM unread_threads WHERE user_id = ${member.user.id}`);

/** A device of the member that last took a push at `at`. */
const pushDelivered = (member: Pick<Member, 'user'>, at: Date) =>
  db(env).run(sql`INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, last_success_at)
    VALUES (${newId()}, ${member.user.id}, ${`https://push.example/${newId()}`}, 'key', 'auth', ${new Date().toISOString()}, ${at.toISOString()})`);

const tokenIn = (mail: { headers: Record<string, string> }) => decodeURIComponent(/token=([^>]+)>/.exec(mail.headers['List-Unsubscribe']!)![1]!);

describe('the unread-message mail', () => {
  it('goes once per conversation per day after the delay, naming the sender, counting from the mailbox and linking the conversation', async () => {
    const { a, b } = await connectedMembers();
    const threadId = await unreadFrom(a, b, ['Are you free on Friday?', 'Or Saturday?']);

    await unreadRun(later(30 * MINUTE));
    expect(await unreadMails(b)).toHaveLength(0);

    // Two runs after the delay within one UTC day (moved past midnight when the first would fall in the day's last half hour).
    const due = sameDayWindow(later(61 * MINUTE), 30 * MINUTE);
    await unreadRun(due);
    await unreadRun(new Date(due.getTime() + 29 * MINUTE));
    const mails = await unreadMails(b);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${a.user.firstName} ${a.user.lastName} sent you 2 messages on FounderMesh`);
    expect(mails[0]!.text).toContain(`/inbox?personalInbox=${threadId}`);
    // The message text itself never leaves in a mail.
    expect(mails[0]!.text).not.toContain('Friday');
    expect(await unreadMails(a)).toHaveLength(0);

    // The next day, still unread and one more since: one more mail, counting all three.
    await unreadFrom(a, b, ['Sunday works too'], later(2 * HOUR));
    await unreadRun(new Date(due.getTime() + DAY));
    const [next] = await unreadMails(b);
    expect(await unreadMails(b)).toHaveLength(2);
    expect(next!.subject).toBe(`${a.user.firstName} ${a.user.lastName} sent you 3 messages on FounderMesh`);
  });

  it('waits for the configured delay (UNREAD_MAIL_DELAY_MINUTES, 60 by default)', async () => {
    expect(readConfig({}).unreadMailDelayMinutes).toBe(60);
    expect(readConfig({ UNREAD_MAIL_DELAY_MINUTES: '15' }).unreadMailDelayMinutes).toBe(15);
    expect(readConfig({ UNREAD_MAIL_DELAY_MINUTES: 'soon' }).unreadMailDelayMinutes).toBe(60);
    const { a, b } = await connectedMembers();
    await unreadFrom(a, b, ['Quick one']);
    const quick = { ...depsAt(later(16 * MINUTE)), config: readConfig({ ...env, UNREAD_MAIL_DELAY_MINUTES: '15' }) };
    await sendUnreadMessageMails(quick, SECRET);
    expect(await unreadMails(b)).toHaveLength(1);
  });

  it('is not sent when the mailbox has nothing unread left (read or deleted meanwhile), and the row goes', async () => {
    const [read, deleted] = await Promise.all([connectedMembers(), connectedMembers()]);
    const readThread = await unreadFrom(read.a, read.b, ['Hello there']);
    const deletedThread = await unreadFrom(deleted.a, deleted.b, ['Oops, wrong person']);
    // Read in the mailbox, and the message deleted by its author (the deletion reaching the recipient's mailbox),
    // while the unread_threads rows stay (a read whose row deletion was lost; a deletion leaves the row).
    await inbox.of(read.b.user.id).messages(readThread, null, 30, { readerId: read.b.user.id, hidden: [] });
    const [message] = (await inbox.of(deleted.a.user.id).messages(deletedThread, null, 30, null)).rows;
    expect(await inbox.of(deleted.a.user.id).deleteOwn(message!.msg_id, deleted.a.user.id, new Date().toISOString())).toMatchObject({ already: false });
    expect(await inbox.of(deleted.a.user.id).flush()).toBe(0);
    for (const member of [read.b, deleted.b]) expect(await unreadRowsOf(member)).toHaveLength(1);

    await unreadRun(later(2 * HOUR));
    for (const member of [read.b, deleted.b]) {
      expect(await unreadMails(member)).toHaveLength(0);
      expect(await unreadRowsOf(member)).toEqual([]);
    }
  });

  it('is not sent once the conversation was read, sent and read through the routes', async () => {
    const { a, b } = await connectedMembers();
    const sent = await sendText(a, b, 'Hello there');
    expect(await unreadRowsOf(b)).toEqual([{ thread_id: sent.thread._id, sender_id: a.user.id }]);
    expect((await get(`/connections/${sent.thread._id}`, { token: b.jwt })).status).toBe(200);
    expect(await unreadRowsOf(b)).toEqual([]);
    await unreadRun(later(2 * HOUR));
    expect(await unreadMails(b)).toHaveLength(0);
  });

  it('is not sent when a push reached one of the member’s devices after the first unread message', async () => {
    const [pushed, before] = await Promise.all([connectedMembers(), connectedMembers()]);
    await unreadFrom(pushed.a, pushed.b, ['Pushed instead']);
    await unreadFrom(before.a, before.b, ['Pushed before']);
    await pushDelivered(pushed.b, later(1000));
    // A push delivered before the message says nothing of it.
    await pushDelivered(before.b, later(-MINUTE));
    await unreadRun(later(2 * HOUR));
    expect(await unreadMails(pushed.b)).toHaveLength(0);
    expect(await unreadMails(before.b)).toHaveLength(1);
  });

  it('follows the member’s channel for messages: email always mails, off never does', async () => {
    const { a, b } = await connectedMembers();
    const [c] = [await connectedMembers()];
    await unreadFrom(a, b, ['By mail please']);
    await unreadFrom(c.a, c.b, ['Not at all']);
    const deps = depsAt(new Date());
    await savePreferences(deps, b.user.id, { channels: { messages: 'email' } });
    await savePreferences(deps, c.b.user.id, { channels: { messages: 'off' } });
    // A push delivered to b's device does not matter: b chose email for messages.
    await pushDelivered(b, later(1000));
    await unreadRun(later(2 * HOUR));
    expect(await unreadMails(b)).toHaveLength(1);
    expect(await unreadMails(c.b)).toHaveLength(0);
  });

  it('never goes to unverified, suspended or deleting accounts', async () => {
    const pairs = await Promise.all([connectedMembers(), connectedMembers(), connectedMembers()]);
    for (const { a, b } of pairs) await unreadFrom(a, b, ['Anyone there?']);
    const [unverified, suspended, deleting] = pairs.map((pair) => pair.b);
    await db(env).run(sql`UPDATE users SET email_verified = 0 WHERE id = ${unverified!.user.id}`);
    await db(env).run(sql`UPDATE users SET suspended_at = ${new Date().toISOString()}, suspended_until = NULL WHERE id = ${suspended!.user.id}`);
    await db(env).run(sql`INSERT INTO deletion_requests (id, user_id, status, created_at, due_at)
      VALUES (${newId()}, ${deleting!.user.id}, 'pending', ${new Date().toISOString()}, ${later(30 * DAY).toISOString()})`);
    await unreadRun(later(2 * HOUR));
    for (const member of [unverified!, suspended!, deleting!]) expect(await unreadMails(member)).toHaveLength(0);
  });

  it('looks back 3 days: a conversation unread for longer brings no mail', async () => {
    const [old, recent] = await Promise.all([connectedMembers(), connectedMembers()]);
    await unreadFrom(old.a, old.b, ['Last week'], later(-(3 * DAY + HOUR)));
    await unreadFrom(recent.a, recent.b, ['The day before yesterday'], later(-(3 * DAY - HOUR)));
    await unreadRun(new Date());
    expect(await unreadMails(old.b)).toHaveLength(0);
    expect(await unreadMails(recent.b)).toHaveLength(1);
  });

  it('mails again about a conversation unread for longer once a new message comes', async () => {
    const { a, b } = await connectedMembers();
    const threadId = await unreadFrom(a, b, ['Last week'], later(-(4 * DAY)));
    const second = later(-(2 * HOUR));
    await unreadFrom(a, b, ['Are you there?'], second);
    const since = () => db(env).all(sql`SELECT since FROM unread_threads WHERE user_id = ${b.user.id} AND thread_id = ${threadId}`);
    expect(await since()).toEqual([{ since: second.toISOString() }]);
    await unreadRun(new Date());
    expect(await unreadMails(b)).toHaveLength(1);
    // A message within the lookback keeps the first unread time.
    await unreadFrom(a, b, ['And now?'], later(-HOUR));
    expect(await since()).toEqual([{ since: second.toISOString() }]);
  });

  it('leaves a conversation whose mailbox does not answer for the next run, and mails the others', async () => {
    const [failing, working] = await Promise.all([connectedMembers(), connectedMembers()]);
    await unreadFrom(failing.a, failing.b, ['Into the void']);
    await unreadFrom(working.a, working.b, ['Loud and clear']);
    const real = inbox;
    const unavailable: InboxStores = {
      of: (userId) => (userId === failing.b.user.id ? ({ thread: () => Promise.reject(new Error('mailbox unavailable')) } as unknown as InboxBox) : real.of(userId)),
    };
    const at = later(2 * HOUR);
    await sendUnreadMessageMails({ ...depsAt(at), inbox: unavailable }, SECRET);
    expect(await unreadMails(failing.b)).toHaveLength(0);
    expect(await unreadMails(working.b)).toHaveLength(1);
    expect(await unreadRowsOf(failing.b)).toHaveLength(1);
    await unreadRun(at);
    expect(await unreadMails(failing.b)).toHaveLength(1);
  });

  it('goes out from the scheduled trigger every 10 minutes', async () => {
    const { a, b } = await connectedMembers();
    await unreadFrom(a, b, ['From the cron'], later(-2 * HOUR));
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '*/10 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await unreadMails(b)).toHaveLength(1);
  });
});

describe('the one-click unsubscribe', () => {
  async function mailedMember() {
    const { a, b } = await connectedMembers();
    await unreadFrom(a, b, ['Unsubscribe me']);
    await unreadRun(later(2 * HOUR));
    const [mail] = await unreadMails(b);
    return { a, b, mail: mail! };
  }

  it('puts the RFC 8058 headers and the same link in every mail', async () => {
    const { b, mail } = await mailedMember();
    expect(mail.headers['List-Unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:4321\/unsubscribe\?token=[^>]+>$/);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(mail.headers['List-Unsubscribe']!.slice(1, -1));
    expect(tokenIn(mail)).toBe(await unsubscribeToken(SECRET, b.user.id, 'messages'));
    // And in the raw message Cloudflare sends.
    const raw = buildMimeMessage('FounderMesh <no-reply@foundermesh.app>', { ...mail, headers: mail.headers, attachments: [] }, new Date());
    expect(raw).toContain(`List-Unsubscribe: ${mail.headers['List-Unsubscribe']}\r\n`);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
  });

  it('works without signing in, by the one-click POST, and stops that list only', async () => {
    const { a, b, mail } = await mailedMember();
    const token = tokenIn(mail);
    const before = await bodyOf(await get(`/mail/unsubscribe?token=${encodeURIComponent(token)}`));
    expect(before).toEqual({ list: 'messages', description: expect.stringContaining('messages'), unsubscribed: false });

    const oneClick = await call('POST', `/mail/unsubscribe?token=${encodeURIComponent(token)}`, 'List-Unsubscribe=One-Click', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(await bodyOf(oneClick)).toMatchObject({ list: 'messages', unsubscribed: true });
    expect((await bodyOf(await get(`/mail/unsubscribe?token=${encodeURIComponent(token)}`))).unsubscribed).toBe(true);

    // No more unread-message mail, not even the next day…
    await unreadFrom(a, b, ['Still there?']);
    await unreadRun(later(DAY + 2 * HOUR));
    expect(await unreadMails(b)).toHaveLength(1);
    // …but the digest still comes.
    await storedFor(b, a, new Date().toISOString(), { kind: 'post.mentioned' });
    await digestRun(new Date());
    expect(await digests(b)).toHaveLength(1);
  });

  it('is shown in the preferences, and choosing mail for that list in settings joins it again', async () => {
    const { a, b, mail } = await mailedMember();
    const digestToken = await unsubscribeToken(SECRET, b.user.id, 'digest');
    for (const token of [tokenIn(mail), digestToken]) expect((await post(`/mail/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(200);
    const preferences = () => get('/notifications/preferences', { token: b.jwt }).then(bodyOf);
    expect((await preferences()).unsubscribed).toEqual(['digest', 'messages']);
    const patch = (change: object) => call('PATCH', '/notifications/preferences', change, { token: b.jwt }).then(bodyOf);

    // Push or off for messages and an "off" digest are not a wish for mail: still unsubscribed.
    expect((await patch({ channels: { messages: 'push' }, digest: 'off' })).unsubscribed).toEqual(['digest', 'messages']);
    expect((await patch({ channels: { messages: 'email' } })).unsubscribed).toEqual(['digest']);
    expect((await bodyOf(await get(`/mail/unsubscribe?token=${encodeURIComponent(tokenIn(mail))}`))).unsubscribed).toBe(false);
    expect((await bodyOf(await get(`/mail/unsubscribe?token=${encodeURIComponent(digestToken)}`))).unsubscribed).toBe(true);
    // The unread-message mail comes again (the next day: one per conversation per day).
    await unreadFrom(a, b, ['Welcome back']);
    await unreadRun(later(DAY + 2 * HOUR));
    expect(await unreadMails(b)).toHaveLength(2);

    expect((await patch({ digest: 'weekly' })).unsubscribed).toEqual([]);
    // Another member's choice never touches b's lists.
    const other = await signedInMember();
    await post(`/mail/unsubscribe?token=${encodeURIComponent(digestToken)}`);
    await call('PATCH', '/notifications/preferences', { digest: 'daily' }, { token: other.jwt });
    expect((await preferences()).unsubscribed).toEqual(['digest']);
  });

  it('refuses a token changed to another list, another member or a forged signature, naming the field', async () => {
    const { b, mail } = await mailedMember();
    const [userId, , signature] = tokenIn(mail).split('.');
    const other = await signedInMember();
    // A signature of 4n+1 characters is no base64 at all (`AAAAA` answered 500 once).
    const broken = [`${userId}.messages.AAAAA`, `${userId}.messages.A`, `${userId}.messages.${signature}A`, `${userId}.messages.====`];
    for (const token of [`${userId}.digest.${signature}`, `${other.user.id}.messages.${signature}`, `${userId}.messages.AAAA`, 'nonsense', ...broken]) {
      for (const response of [await post(`/mail/unsubscribe?token=${encodeURIComponent(token)}`), await get(`/mail/unsubscribe?token=${encodeURIComponent(token)}`)]) {
        expect(response.status, token).toBe(400);
        expect((await bodyOf(response)).data.fields).toEqual({ token: 'is not a valid unsubscribe link' });
      }
    }
    expect((await post('/mail/unsubscribe')).status).toBe(400);
    expect((await bodyOf(await get(`/mail/unsubscribe?token=${encodeURIComponent(tokenIn(mail))}`))).unsubscribed).toBe(false);
    expect(b.user.id).toBe(userId);
  });
});

describe('the digest', () => {
  /** A member with a mention 3 days ago and, within the day, a connection request, a reply and two profile views. */
  async function busyMember(digest: 'daily' | 'weekly' | 'off' | null) {
    const [member, other, viewer] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    if (digest) await savePreferences(depsAt(new Date()), member.user.id, { digest });
    const recent = new Date(Date.now() - 2 * HOUR).toISOString();
    await storedFor(member, other, new Date(Date.now() - 3 * DAY).toISOString(), { kind: 'post.mentioned' });
    await storedFor(member, other, recent, { kind: 'connection.requested' });
    await storedFor(member, other, recent, { kind: 'comment.replied' });
    await storedFor(member, other, recent, { kind: 'post.liked' });
    for (const who of [other, viewer]) await recordView(depsAt(new Date(recent)), { id: who.user.id, privateBrowsing: false }, member.user.id);
    return member;
  }

  it('weekly (the default) sums up the week: requests, views, mentions and replies', async () => {
    const member = await busyMember(null);
    await digestRun(new Date());
    const [mail, ...more] = await digests(member);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Your weekly FounderMesh digest: 1 new connection request, 2 profile views, 1 mention, 1 reply to your posts and comments');
    expect(mail!.text).toContain('this week');
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(tokenIn(mail!)).toBe(await unsubscribeToken(SECRET, member.user.id, 'digest'));
    // Not again until a week has passed.
    await digestRun(later(2 * DAY));
    expect(await digests(member)).toHaveLength(1);
  });

  it('daily sums up the last day only, then what came since the last digest', async () => {
    const member = await busyMember('daily');
    await digestRun(new Date());
    const [first] = await digests(member);
    expect(first!.subject).toBe('Your daily FounderMesh digest: 1 new connection request, 2 profile views, 1 reply to your posts and comments');
    expect(first!.text).toContain('today');
    // Nothing new since: the next day brings no mail.
    await digestRun(later(DAY));
    expect(await digests(member)).toHaveLength(1);
    await storedFor(member, null, later(DAY + HOUR).toISOString(), { kind: 'comment.mentioned', senderId: null });
    await digestRun(later(DAY + 2 * HOUR));
    const [second] = await digests(member);
    expect(second!.subject).toBe('Your daily FounderMesh digest: 1 mention');
  });

  it('sends nothing when nothing happened, when off, or after the digest link was used', async () => {
    const quiet = await busyMember('daily');
    // Only the mention of 3 days ago is left: older than the daily digest's day.
    await testStores().of(quiet.user.id).wipe();
    await storedFor(quiet, null, new Date(Date.now() - 3 * DAY).toISOString(), { kind: 'post.mentioned', senderId: null });
    await profileViewsBinding(env.PROFILE_VIEW_STORE).of(quiet.user.id).wipe();
    const off = await busyMember('off');
    const left = await busyMember('weekly');
    const token = await unsubscribeToken(SECRET, left.user.id, 'digest');
    expect((await post(`/mail/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(200);
    await digestRun(new Date());
    for (const member of [quiet, off, left]) expect(await digests(member)).toHaveLength(0);
  });

  it('moves on from run to run past members with nothing to tell, wrapping round to the first', async () => {
    const busy = await Promise.all([busyMember(null), busyMember(null), busyMember(null)]);
    // Due members with nothing to tell, first in id order (copies of a busy member's row).
    const columns = (await env.DB.prepare('PRAGMA table_info(users)').all<{ name: string }>()).results.map((c) => c.name).filter((name) => name !== 'id' && name !== 'email');
    for (let i = 0; i < 3; i++) {
      const id = `00000000${newId().slice(8)}`;
      await env.DB.prepare(`INSERT INTO users (id, email, ${columns.join(', ')}) SELECT ?, ?, ${columns.join(', ')} FROM users WHERE id = ?`)
        .bind(id, `quiet-${id}@example.test`, busy[0]!.user.id)
        .run();
    }
    const limits = { perRun: 2, page: 1 };
    const mailed = async () => (await Promise.all(busy.map(digests))).filter((mails) => mails.length > 0).length;
    await sendDigestsNow(depsAt(new Date()), SECRET, limits);
    expect(await mailed()).toBeLessThan(busy.length);
    const total = (await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>())!.n;
    for (let run = 0; run <= Math.ceil(total / limits.perRun) && (await mailed()) < busy.length; run++) await sendDigestsNow(depsAt(new Date()), SECRET, limits);
    expect(await mailed()).toBe(busy.length);
    for (const member of busy) expect(await digests(member)).toHaveLength(1);
  });
});
