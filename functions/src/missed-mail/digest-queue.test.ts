/**
 * The digest through the queue: the hourly trigger's producer puts exactly the due members on
 * it, page after page from the cursor on, and the consumer sends one mail per member and day
 * however often a message comes, acking each message on its own and retrying a failed send.
 */
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailTo, post, signedInMember } from '../../test/api';
import { fixedClock } from '../clock';
import { readConfig } from '../config';
import { db } from '../db/client';
import { newId } from '../db/ids';
import worker from '../index';
import { readCursor, saveCursor } from '../jobs/cursor';
import { devMailbox } from '../mail/dev-mailbox';
import type { Mailer } from '../mail/mailer';
import { storedFor, testStores } from '../notifications/test-support';
import { profileViewsBinding } from '../profiles/profile-views-binding';
import { savePreferences } from '../push/preferences';
import { consumeDigestBatch, DIGEST_QUEUE, type DigestLimits, type DigestMessage, enqueueDueDigests } from './digest-queue';
import { dayOf } from './unread';
import { unsubscribeToken } from './unsubscribe';

const SECRET = env.JWT_SECRET;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const EVERY_MEMBER: Partial<DigestLimits> = { perRun: 1_000_000 };

function depsAt(at: Date, mailer?: Mailer) {
  const database = db(env);
  const clock = fixedClock(at);
  return {
    db: database,
    clock,
    mailer: mailer ?? devMailbox(database, clock),
    config: readConfig(env),
    profileViews: profileViewsBinding(env.PROFILE_VIEW_STORE),
    notifications: testStores(),
  };
}

/** A queue that keeps what the producer sends, call by call. */
function recordingQueue() {
  const calls: DigestMessage[][] = [];
  return {
    calls,
    ids: () => calls.flat().map((message) => message.userId),
    sendBatch: async (messages: Iterable<MessageSendRequest<DigestMessage>>) => {
      calls.push([...messages].map((message) => message.body));
    },
  };
}

type Member = Awaited<ReturnType<typeof signedInMember>>;
const digests = async (member: Member) => (await mailTo(member.user.email)).filter((mail) => /digest/.test(mail.subject));

/** A member with a mention an hour ago: their weekly digest has something to tell. */
async function busyMember(): Promise<Member> {
  const [member, other] = await Promise.all([signedInMember(), signedInMember()]);
  await storedFor(member, other, new Date(Date.now() - HOUR).toISOString(), { kind: 'post.mentioned' });
  return member;
}

async function mailLog(userId: string, at: string, day = dayOf(new Date(at))) {
  await db(env).run(sql`INSERT INTO mail_log (user_id, kind, ref_id, day, sent_at) VALUES (${userId}, 'digest', '', ${day}, ${at})`);
}

const message = (userId: string, attempts = 1) => ({ id: newId(), timestamp: new Date(), attempts, body: { userId } });

describe('the digest producer (the hourly trigger)', () => {
  it('puts exactly the due members on the queue, 100 messages a sendBatch at most', async () => {
    const [weekly, dailyYesterday, weeklyTwoDaysAgo, off, unverified, mailedToday, daily] = await Promise.all(Array.from({ length: 7 }, () => signedInMember()));
    const deps = depsAt(new Date());
    await savePreferences(deps, dailyYesterday!.user.id, { digest: 'daily' });
    await savePreferences(deps, daily!.user.id, { digest: 'daily' });
    await savePreferences(deps, off!.user.id, { digest: 'off' });
    await mailLog(dailyYesterday!.user.id, new Date(Date.now() - DAY - 2 * HOUR).toISOString());
    await mailLog(weeklyTwoDaysAgo!.user.id, new Date(Date.now() - 2 * DAY).toISOString());
    await mailLog(mailedToday!.user.id, new Date().toISOString());
    await db(env).run(sql`UPDATE users SET email_verified = 0 WHERE id = ${unverified!.user.id}`);

    const queue = recordingQueue();
    const enqueued = await enqueueDueDigests(deps, queue, EVERY_MEMBER);
    const ids = queue.ids();
    expect(enqueued).toBe(ids.length);
    expect(new Set(ids).size).toBe(ids.length);
    for (const call of queue.calls) expect(call.length).toBeLessThanOrEqual(100);
    const mine = [weekly, dailyYesterday, weeklyTwoDaysAgo, off, unverified, mailedToday, daily].map((member) => member!.user.id);
    expect(ids.filter((id) => mine.includes(id)).sort()).toEqual([weekly!.user.id, dailyYesterday!.user.id, daily!.user.id].sort());
    // Every id on the queue is a member whose digest is due (the same rule read from D1 here).
    const due = await db(env).all<{ id: string }>(sql`SELECT u.id FROM users u WHERE u.email_verified = 1 AND NOT EXISTS
      (SELECT 1 FROM mail_log l WHERE l.user_id = u.id AND l.kind = 'digest' AND l.day = ${dayOf(new Date())})`);
    const dueIds = new Set(due.map((row) => row.id));
    for (const id of ids) expect(dueIds.has(id)).toBe(true);
  });

  /** Seven due members with ids of their own, after every other (copies of a fresh member's row); the cursor just before them. */
  async function lastSeven() {
    const template = await signedInMember();
    const prefix = `~digest-${newId()}-`;
    const columns = (await env.DB.prepare('PRAGMA table_info(users)').all<{ name: string }>()).results.map((c) => c.name).filter((name) => name !== 'id' && name !== 'email');
    const ids = Array.from({ length: 7 }, (_, i) => `${prefix}${i}`);
    for (const id of ids)
      await env.DB.prepare(`INSERT INTO users (id, email, ${columns.join(', ')}) SELECT ?, ?, ${columns.join(', ')} FROM users WHERE id = ?`)
        .bind(id, `${newId()}@example.test`, template.user.id)
        .run();
    const deps = depsAt(new Date());
    await saveCursor(deps, 'digest', prefix, new Date().toISOString());
    return { ids, prefix, deps };
  }

  it('carries on from the cursor when more members are due than one run takes, page by page', async () => {
    const { ids, prefix, deps } = await lastSeven();
    const limits = { perRun: 3, page: 2 };

    const first = recordingQueue();
    expect(await enqueueDueDigests(deps, first, limits)).toBe(3);
    expect(first.calls.map((call) => call.length)).toEqual([2, 1]);
    expect(first.ids()).toEqual(ids.slice(0, 3));
    expect(await readCursor(deps, 'digest')).toBe(ids[2]);

    const second = recordingQueue();
    await enqueueDueDigests(deps, second, limits);
    expect(second.ids()).toEqual(ids.slice(3, 6));
    expect(await readCursor(deps, 'digest')).toBe(ids[5]);

    // The last one, then round to the first members (whose ids come before the cursor).
    const third = recordingQueue();
    await enqueueDueDigests(deps, third, limits);
    expect(third.ids()[0]).toBe(ids[6]);
    expect(third.ids()).toHaveLength(3);
    for (const id of third.ids().slice(1)) expect(id < prefix).toBe(true);
  });

  it('looks at a bounded stretch of members per query, and goes on where it stopped', async () => {
    const { ids, deps } = await lastSeven();
    // The first six got today's digest: nothing due until the seventh.
    for (const id of ids.slice(0, 6)) await mailLog(id, new Date().toISOString());
    const limits = { page: 100, scan: 2, queries: 3 };
    const first = recordingQueue();
    expect(await enqueueDueDigests(deps, first, limits)).toBe(0);
    // Three queries of two members each, none due: the cursor stands after the sixth.
    expect(await readCursor(deps, 'digest')).toBe(ids[5]);
    const second = recordingQueue();
    await enqueueDueDigests(deps, second, limits);
    expect(second.ids()[0]).toBe(ids[6]);
  });

  it('runs from the hourly trigger, and the queue handler sends what it queued', async () => {
    const member = await busyMember();
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '17 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    // The local queue delivers the batch to the worker's queue() handler (max_batch_timeout 5 s).
    await expect.poll(() => digests(member).then((mails) => mails.length), { timeout: 20_000, interval: 250 }).toBe(1);
  }, 30_000);
});

describe('the digest consumer (the queue handler)', () => {
  it('sends one mail per member and day, however often the message comes', async () => {
    const member = await busyMember();
    // The same member twice in one batch…
    const batch = createMessageBatch(DIGEST_QUEUE, [message(member.user.id), message(member.user.id)]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(batch.messages.map((m) => m.id).sort());
    expect(result.retryMessages).toEqual([]);
    expect(await digests(member)).toHaveLength(1);

    // …and redelivered later the same day: acked, no second mail.
    const again = createMessageBatch(DIGEST_QUEUE, [message(member.user.id, 2)]);
    const againCtx = createExecutionContext();
    await worker.queue(again, env);
    expect((await getQueueResult(again, againCtx)).explicitAcks).toEqual([again.messages[0]!.id]);
    expect(await digests(member)).toHaveLength(1);
  });

  it('sends one mail when two consumers get the same member at once (the mail_log claim)', async () => {
    const member = await busyMember();
    const batches = [createMessageBatch(DIGEST_QUEUE, [message(member.user.id)]), createMessageBatch(DIGEST_QUEUE, [message(member.user.id, 2)])];
    const sent = await Promise.all(batches.map((batch) => consumeDigestBatch(depsAt(new Date()), SECRET, batch)));
    expect(sent.sort()).toEqual([0, 1]);
    for (const batch of batches) expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toEqual([batch.messages[0]!.id]);
    expect(await digests(member)).toHaveLength(1);
  });

  it('acks a member with nothing to tell or no digest due, sending nothing', async () => {
    // Queued while still mailable; by the time the message comes: off, unverified, suspended, unsubscribed.
    const [quiet, off, unverified, suspended, unsubscribed] = await Promise.all([signedInMember(), busyMember(), busyMember(), busyMember(), busyMember()]);
    await savePreferences(depsAt(new Date()), off.user.id, { digest: 'off' });
    await db(env).run(sql`UPDATE users SET email_verified = 0 WHERE id = ${unverified.user.id}`);
    await db(env).run(sql`UPDATE users SET suspended_at = ${new Date().toISOString()}, suspended_until = NULL WHERE id = ${suspended.user.id}`);
    const token = await unsubscribeToken(SECRET, unsubscribed.user.id, 'digest');
    expect((await post(`/mail/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(200);
    const members = [quiet, off, unverified, suspended, unsubscribed];
    const batch = createMessageBatch(DIGEST_QUEUE, [...members.map((member) => message(member.user.id)), message(newId()), { ...message(''), body: { nope: 1 } as never }]);
    const ctx = createExecutionContext();
    expect(await consumeDigestBatch(depsAt(new Date()), SECRET, batch)).toBe(0);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(batch.messages.map((m) => m.id).sort());
    for (const member of members) expect(await digests(member)).toHaveLength(0);
  });

  it('retries a failed send with its claim released, and keeps the rest of the batch', async () => {
    const [failing, fine] = await Promise.all([busyMember(), busyMember()]);
    const now = new Date();
    const working = devMailbox(db(env), fixedClock(now));
    const flaky: Mailer = {
      send: async (mail) => {
        if (mail.to === failing.user.email) throw new Error('mail service unavailable');
        return working.send(mail);
      },
    };
    const batch = createMessageBatch(DIGEST_QUEUE, [message(failing.user.id), message(fine.user.id)]);
    const ctx = createExecutionContext();
    expect(await consumeDigestBatch(depsAt(now, flaky), SECRET, batch)).toBe(1);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((retry) => retry.msgId)).toEqual([batch.messages[0]!.id]);
    expect(result.explicitAcks).toEqual([batch.messages[1]!.id]);
    expect(await digests(fine)).toHaveLength(1);
    expect(await digests(failing)).toHaveLength(0);
    const claims = await db(env).all(sql`SELECT 1 FROM mail_log WHERE user_id = ${failing.user.id} AND kind = 'digest'`);
    expect(claims).toHaveLength(0);

    // The retry goes out.
    const retry = createMessageBatch(DIGEST_QUEUE, [message(failing.user.id, 2)]);
    const retryCtx = createExecutionContext();
    expect(await consumeDigestBatch(depsAt(now), SECRET, retry)).toBe(1);
    expect((await getQueueResult(retry, retryCtx)).explicitAcks).toEqual([retry.messages[0]!.id]);
    expect(await digests(failing)).toHaveLength(1);
  });
});
