/**
 * The notification outbox (docs/decisions.md "Notifications live in one object per member"):
 * an action that must leave a notification writes an outbox row IN ITS OWN D1 BATCH, so the
 * notification is as durable as the action the member was answered for. Straight after the
 * batch the row is delivered to the receiver's object and deleted; a delivery that failed
 * is retried by the 10-minute cron (functions/src/index.ts). The object applies a delivery
 * id once, so a row delivered twice (the cron racing a slow request) stores one notification.
 */
import { sql } from 'drizzle-orm';
import type { BatchStatement } from '../db/batch';
import { newId } from '../db/ids';
import type { Deps, StoredNotification } from '../deps';
import { storeInputOf, type NotifyInput } from './notify';

type OutboxDeps = Pick<Deps, 'db' | 'clock' | 'notifications'>;

/** An outbox row to put in the action's batch: its id and its INSERT. */
export type Outboxed = { id: string; input: NotifyInput; at: string; statement: BatchStatement };

/** The outbox row of a notification stored at `at` (the receiver's sender and block checks are the action's). */
export function outboxed(input: NotifyInput, at: string): Outboxed {
  const id = newId();
  return {
    id,
    input,
    at,
    statement: sql`INSERT INTO notification_outbox (id, user_id, payload, created_at) VALUES (${id}, ${input.userId}, ${JSON.stringify({ input, at })}, ${at})`,
  };
}

/**
 * Delivers an outbox row to the receiver's object, then deletes it. Answers the row the
 * object wrote (null: it was delivered before, and nothing more was stored).
 */
export async function deliverOutboxed(deps: OutboxDeps, row: Pick<Outboxed, 'id' | 'input' | 'at'>): Promise<StoredNotification | null> {
  const stored = await deps.notifications.of(row.input.userId).store(storeInputOf(row.input, row.at, row.id));
  await deps.db.run(sql`DELETE FROM notification_outbox WHERE id = ${row.id}`);
  return stored;
}

/** Rows older than this are the cron's: a request still delivering its own is not raced. */
export const OUTBOX_GRACE_MS = 60_000;
/** How many rows one cron run delivers at most (one object call and one D1 delete each). */
export const OUTBOX_BATCH = 200;

/** Delivers the outbox rows a request left behind (its delivery failed); answers how many. */
export async function redeliverOutbox(deps: OutboxDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - OUTBOX_GRACE_MS).toISOString();
  const rows = await deps.db.all<{ id: string; payload: string }>(
    sql`SELECT id, payload FROM notification_outbox WHERE created_at < ${before} ORDER BY created_at LIMIT ${OUTBOX_BATCH}`,
  );
  let delivered = 0;
  for (const row of rows) {
    try {
      const { input, at } = JSON.parse(row.payload) as { input: NotifyInput; at: string };
      await deliverOutboxed(deps, { id: row.id, input, at });
      delivered++;
    } catch (error) {
      console.error(`notification outbox ${row.id} not delivered`, error);
      // To the back of the queue: rows that keep failing never hold back the ones behind them.
      await deps.db.run(sql`UPDATE notification_outbox SET created_at = ${deps.clock.now().toISOString()} WHERE id = ${row.id}`);
    }
  }
  return delivered;
}
