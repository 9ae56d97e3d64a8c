/**
 * The digest spread over a Cloudflare Queue (functions/wrangler.toml `[[queues.*]]`).
 *
 * The hourly trigger is the producer: from the job_cursors cursor on it reads the due members'
 * ids in pages of DIGEST_PAGE and sends them in sendBatch calls of 100 messages, at most
 * DIGEST_IDS_PER_RUN per run: 20 pages + 200 sendBatch calls + the cursor's read and write =
 * 222 subrequests, well under the 1,000 of one invocation. That is 20,000 × 24 = 480,000
 * members a day: a weekly digest for up to 3.36M members (1M need ~143k a day), a daily one
 * for 480k. (10M weekly need 1.43M a day: 60,000 ids a run, 662 subrequests, or the producer
 * on the 10-minute trigger as well.)
 *
 * The worker's queue() handler is the consumer, batches of at most 100 (wrangler.toml
 * `max_batch_size`): one D1 query for the batch, then per member at most two object calls,
 * three D1 queries and the send, ≤ 601 subrequests. Each message is acked or retried on its
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

/** Ids a producer query reads. */
export const DIGEST_PAGE = 1_000;
/** Ids one producer run puts on the queue at most (see above for the figures). */
export const DIGEST_IDS_PER_RUN = 20_000;
/** Messages per sendBatch call (Queues' limit: 100, and 256 KB; one message is ~40 bytes). */
const SEND_BATCH = 100;
const DIGEST_JOB = 'digest';
/** The queue's name (functions/wrangler.toml); the consumer's batches carry it. */
export const DIGEST_QUEUE = 'foundermesh-digests';

/** A digest message: the member whose digest may be due. */
export type DigestMessage = { userId: string };
/** The producer's side of the queue (env.DIGEST_QUEUE), or a stand-in that runs the work inline. */
export type DigestQueue = { sendBatch(messages: Iterable<MessageSendRequest<DigestMessage>>): Promise<unknown> };
export type DigestLimits = { perRun: number; page: number };

/**
 * Puts the ids of the members whose digest is due on `queue`: from the cursor on, then (when
 * that reaches the last member before the run is full) from the first member up to the
 * cursor, so members with nothing to tell never starve the rest. A full run leaves the cursor
 * at its last id; a short one has seen every due member and starts the next from the first.
 * Answers how many ids went out.
 */
export async function enqueueDueDigests(
  deps: Pick<MissedMailDeps, 'db' | 'clock'>,
  queue: DigestQueue,
  limits: DigestLimits = { perRun: DIGEST_IDS_PER_RUN, page: DIGEST_PAGE },
): Promise<number> {
  const now = deps.clock.now();
  const cursor = await readCursor(deps, DIGEST_JOB);
  let enqueued = 0;
  let last = cursor;
  /** Reads and sends pages after `after` (and up to `upTo`); true when the run is full. */
  const pass = async (after: string, upTo: string | null): Promise<boolean> => {
    while (enqueued < limits.perRun) {
      const want = Math.min(limits.page, limits.perRun - enqueued);
      const scope = sql`u.id > ${after} AND (${upTo} IS NULL OR u.id <= ${upTo})`;
      const ids = (await deps.db.all<{ id: string }>(dueMembers(now, scope, want, 'ids'))).map((row) => row.id);
      for (let i = 0; i < ids.length; i += SEND_BATCH) {
        const chunk = ids.slice(i, i + SEND_BATCH);
        await queue.sendBatch(chunk.map((userId) => ({ body: { userId } })));
        enqueued += chunk.length;
        last = chunk[chunk.length - 1]!;
      }
      if (ids.length < want) return false;
      after = last;
    }
    return true;
  };
  let failed = true;
  try {
    const full = (await pass(cursor, null)) || (cursor !== '' && (await pass('', cursor)));
    failed = false;
    await saveCursor(deps, DIGEST_JOB, full ? last : '', now.toISOString());
  } finally {
    // A failed send (the queue's throughput, say) keeps what went out: the next run goes on after it.
    if (failed && last !== cursor) await saveCursor(deps, DIGEST_JOB, last, now.toISOString());
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
export async function sendDigestsNow(deps: MissedMailDeps & DigestCountDeps, secret: string, limits?: DigestLimits): Promise<number> {
  const ids: string[] = [];
  await enqueueDueDigests(deps, { sendBatch: async (messages) => ids.push(...[...messages].map((message) => message.body.userId)) }, limits);
  let sent = 0;
  for (let i = 0; i < ids.length; i += SEND_BATCH)
    await sendDigestsTo(deps, secret, ids.slice(i, i + SEND_BATCH), (_, outcome) => {
      if (outcome === 'sent') sent++;
    });
  return sent;
}
