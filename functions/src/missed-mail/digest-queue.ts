/**
 * The digest spread over a Cloudflare Queue (functions/wrangler.toml `[[queues.*]]`).
 *
 * The hourly trigger is the producer: from the job_cursors cursor on it reads the due members'
 * ids (each query looks at the next 5,000 members and answers at most 1,000 ids) and sends
 * them in sendBatch calls of 100 messages, at most 20,000 ids a run (DIGEST_LIMITS): at most
 * 100 queries + 200 sendBatch calls + the cursor's read and write = 302 subrequests (≤ 102 of
 * them D1 queries), well under 1,000 (D1's queries per invocation; Workers Paid allows 10,000
 * subrequests). That is 20,000 × 24 = 480,000 members a day: a weekly
 * digest for up to 3.36M members (1M need ~143k a day), a daily one for 480k. (10M weekly
 * need 1.43M a day: 60,000 ids a run, 702 subrequests, or the producer on the 10-minute
 * trigger as well.) A run looks at 500,000 members at most, so even when few are due the
 * cursor comes round 10M members within a day.
 *
 * The worker's queue() handler is the consumer, batches of at most 100 (wrangler.toml
 * `max_batch_size`): one D1 query for the batch, then per member at most two object calls,
 * three D1 queries and the send: ≤ 601 subrequests, ≤ 301 of them D1 queries. Each message is acked or retried on its
 * own as soon as its member is done, so one failure never loses the rest of the batch.
 * Delivery is at least once: the mail_log claim (one per member and UTC day) makes a second
 * delivery send nothing; a failed send releases it and retries the message. A message that
 * runs out of retries is dropped, and since the member holds no claim the producer's next
 * pass puts them on the queue again.
 */
import type { DigestCountDeps } from './digest';
import { dueMembers, sendDigestsTo } from './digest';
import { sql } from 'drizzle-orm';
import { readCursor, saveCursor } from '../jobs/cursor';
import type { MissedMailDeps } from './unread';

/**
 * A producer run's bounds: ids on the queue at most (`perRun`), ids one query answers
 * (`page`), members one query looks at (`scan`: a query's cost stays bounded when few of them
 * are due), and queries (`queries`).
 */
export type DigestLimits = { perRun: number; page: number; scan: number; queries: number };
/** See the top of this file for the figures: ≤ 100 queries + 200 sendBatch calls + 2 a run. */
export const DIGEST_LIMITS: DigestLimits = { perRun: 20_000, page: 1_000, scan: 5_000, queries: 100 };
/** Messages per sendBatch call (Queues' limit: 100, and 256 KB; one message is ~40 bytes). */
const SEND_BATCH = 100;
const DIGEST_JOB = 'digest';
/** The queue's name (functions/wrangler.toml); the consumer's batches carry it. */
export const DIGEST_QUEUE = 'foundermesh-digests';

/** A digest message: the member whose digest may be due. */
export type DigestMessage = { userId: string };
/** The producer's side of the queue (env.DIGEST_QUEUE), or a stand-in that runs the work inline. */
export type DigestQueue = { sendBatch(messages: Iterable<MessageSendRequest<DigestMessage>>): Promise<unknown> };

/**
 * Puts the ids of the members whose digest is due on `queue`: from the cursor on, then (when
 * that reaches the last member before the run is full) from the first member up to the
 * cursor, so members with nothing to tell never starve the rest. Each query looks at the next
 * `scan` members only and answers their due ids (at most `page`) and where it stopped, so a
 * long stretch of members with no digest due costs a bounded query each time, never one that
 * walks the whole table. A full run leaves the cursor where it stopped; a short one has seen
 * every member and starts the next from the first. Answers how many ids went out.
 */
export async function enqueueDueDigests(deps: Pick<MissedMailDeps, 'db' | 'clock'>, queue: DigestQueue, bounds: Partial<DigestLimits> = {}): Promise<number> {
  const limits = { ...DIGEST_LIMITS, ...bounds };
  const now = deps.clock.now();
  const cursor = await readCursor(deps, DIGEST_JOB);
  let enqueued = 0;
  let queries = 0;
  /** Everything up to here is on the queue or not due. */
  let position = cursor;
  /** Reads and sends after `after` (and up to `upTo`); true when the run is full. */
  const pass = async (after: string, upTo: string | null): Promise<boolean> => {
    while (enqueued < limits.perRun && queries < limits.queries) {
      const want = Math.min(limits.page, limits.perRun - enqueued);
      const windowEnd = sql`(SELECT max(id) FROM (SELECT id FROM users WHERE id > ${after} AND (${upTo} IS NULL OR id <= ${upTo}) ORDER BY id LIMIT ${limits.scan}))`;
      const rows = await deps.db.all<{ id: string | null; window_end: number }>(sql`
        SELECT id, 0 AS window_end FROM (${dueMembers(now, sql`u.id > ${after} AND u.id <= ${windowEnd}`, want, 'ids')})
        UNION ALL SELECT ${windowEnd}, 1`);
      queries++;
      const ids = rows.flatMap((row) => (row.window_end === 0 && row.id !== null ? [row.id] : []));
      const end = rows.find((row) => row.window_end === 1)?.id ?? null;
      for (let i = 0; i < ids.length; i += SEND_BATCH) {
        const chunk = ids.slice(i, i + SEND_BATCH);
        await queue.sendBatch(chunk.map((userId) => ({ body: { userId } })));
        enqueued += chunk.length;
      }
      // A full page may leave due members in its window: the next query starts after its last id.
      if (ids.length === want) after = ids[ids.length - 1]!;
      else if (end === null) return false;
      else after = end;
      position = after;
    }
    return true;
  };
  let saved = false;
  try {
    const full = (await pass(cursor, null)) || (cursor !== '' && (await pass('', cursor)));
    saved = true;
    await saveCursor(deps, DIGEST_JOB, full ? position : '', now.toISOString());
  } finally {
    // A failed send (the queue's throughput, say) keeps what went out: the next run goes on after it.
    if (!saved && position !== cursor) await saveCursor(deps, DIGEST_JOB, position, now.toISOString());
  }
  return enqueued;
}

/** The member id a message carries, or null when it is not a digest message. */
function userIdOf(body: unknown): string | null {
  const userId = typeof body === 'object' && body !== null ? (body as Partial<DigestMessage>).userId : undefined;
  return typeof userId === 'string' && userId !== '' ? userId : null;
}

/**
 * The queue consumer: sends the digests of a batch, acking each message once its member is
 * done (sent, or nothing to send) and retrying the ones whose digest failed. A malformed
 * message is acked (it can never succeed); when the batch's read fails, every message not done
 * yet is retried. Answers how many digests went out.
 */
export async function consumeDigestBatch(deps: MissedMailDeps & DigestCountDeps, secret: string, batch: MessageBatch<unknown>): Promise<number> {
  const byMember = new Map<string, Message<unknown>[]>();
  for (const message of batch.messages) {
    const userId = userIdOf(message.body);
    if (userId === null) {
      console.error(`digest queue: message ${message.id} carries no member id; dropped`);
      message.ack();
    } else byMember.set(userId, [...(byMember.get(userId) ?? []), message]);
  }
  let sent = 0;
  try {
    await sendDigestsTo(deps, secret, [...byMember.keys()], (userId, outcome) => {
      if (outcome === 'sent') sent++;
      for (const message of byMember.get(userId) ?? []) {
        if (outcome === 'failed') message.retry();
        else message.ack();
      }
      byMember.delete(userId);
    });
  } catch (error) {
    // The members not done yet (all of them when the batch's read failed) come again.
    console.error('digest queue: batch failed', error);
    for (const messages of byMember.values()) for (const message of messages) message.retry();
  }
  return sent;
}

/**
 * The producer and the consumer in one go, without the queue: what `POST /dev/missed-mail`
 * runs so a test sees the digests of a chosen moment at once. Answers how many went out.
 */
export async function sendDigestsNow(deps: MissedMailDeps & DigestCountDeps, secret: string, limits?: Partial<DigestLimits>): Promise<number> {
  const ids: string[] = [];
  await enqueueDueDigests(deps, { sendBatch: async (messages) => ids.push(...[...messages].map((message) => message.body.userId)) }, limits);
  let sent = 0;
  for (let i = 0; i < ids.length; i += SEND_BATCH)
    await sendDigestsTo(deps, secret, ids.slice(i, i + SEND_BATCH), (_, outcome) => {
      if (outcome === 'sent') sent++;
    });
  return sent;
}
