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
import type { Deps } from '../deps';
import type { StoredNotification } from '../ports/notifications';
import { storeInputOf, type NotifyInput } from './notify';
import { DELETED_MESSAGE_BODY } from '../shared/notification-messages';

type OutboxDeps = Pick<Deps, 'db' | 'clock' | 'notifications'>;
/** The cron's redelivery also asks the sender's mailbox about a message's notification. */
type RedeliveryDeps = OutboxDeps & Pick<Deps, 'inbox'>;

/** An outbox row to put in the action's batch: its id and its INSERT. */
export type Outboxed = { id: string; input: NotifyInput; at: string; statement: BatchStatement };

/**
 * The outbox row of a notification stored at `at` (the receiver's sender and block checks are
 * the action's). A message's notification takes the message's id, so a late delivery can ask
 * the sender's mailbox what became of the message.
 */
export function outboxed(input: NotifyInput, at: string, id: string = newId()): Outboxed {
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

/**
 * A message notification delivered late keeps no text of a message deleted since, and is
 * dropped (null) when the sender's mailbox never stored the message (the send failed after
 * its D1 batch and could not take the row back).
 */
async function currentInput(deps: Pick<Deps, 'inbox'>, rowId: string, input: NotifyInput): Promise<NotifyInput | null> {
  if (input.kind !== 'message.received' || !input.senderId) return input;
  const message = await deps.inbox.of(input.senderId).message(rowId);
  if (!message) return null;
  return message.deleted_at ? { ...input, body: DELETED_MESSAGE_BODY } : input;
}

/** A body rewrite of a receiver's notifications (a deleted message's text), kept until their object applied it. */
export type Rewrite = { userId: string; kind: string; refId: string; from: string; to: string };

/** The outbox row of a rewrite, to put in the action's batch: its id and its INSERT. */
export function outboxedRewrite(rewrite: Rewrite, at: string): { id: string; statement: BatchStatement } {
  const id = newId();
  return { id, statement: sql`INSERT INTO notification_outbox (id, user_id, payload, created_at) VALUES (${id}, ${rewrite.userId}, ${JSON.stringify({ rewrite })}, ${at})` };
}

/** A row's rewrite (JSON), null for a notification's row; a row whose payload is not JSON is a notification's (its delivery logs it). */
const REWRITE_OF_ROW = sql`(CASE WHEN json_valid(payload) THEN json_extract(payload, '$.rewrite') END)`;

/** Applies a rewrite to the receiver's object (repeating it changes nothing), then deletes its outbox row. */
export async function applyRewrite(deps: OutboxDeps, id: string, rewrite: Rewrite): Promise<void> {
  await deps.notifications.of(rewrite.userId).rewriteBody(rewrite.kind, rewrite.refId, rewrite.from, rewrite.to);
  await deps.db.run(sql`DELETE FROM notification_outbox WHERE id = ${id}`);
}

/** Rows older than this are the cron's: a request still delivering its own is not raced. */
export const OUTBOX_GRACE_MS = 60_000;
/** How many rows one cron run delivers at most (one object call and one D1 delete each). */
export const OUTBOX_BATCH = 200;
/** How many rewrites one cron run applies at most (one object call and one D1 delete each). */
const REWRITE_BATCH = 50;

/** Delivers the outbox rows a request left behind (its delivery failed); answers how many. */
export async function redeliverOutbox(deps: RedeliveryDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - OUTBOX_GRACE_MS).toISOString();
  const rows = await deps.db.all<{ id: string; payload: string }>(
    sql`SELECT id, payload FROM notification_outbox WHERE created_at < ${before} AND ${REWRITE_OF_ROW} IS NULL ORDER BY created_at LIMIT ${OUTBOX_BATCH}`,
  );
  let delivered = 0;
  for (const row of rows) {
    try {
      const { input, at } = JSON.parse(row.payload) as { input: NotifyInput; at: string };
      const current = await currentInput(deps, row.id, input);
      if (current === null) {
        await deps.db.run(sql`DELETE FROM notification_outbox WHERE id = ${row.id}`);
        continue;
      }
      await deliverOutboxed(deps, { id: row.id, input: current, at });
      delivered++;
    } catch (error) {
      console.error(`notification outbox ${row.id} not delivered`, error);
      // To the back of the queue: rows that keep failing never hold back the ones behind them.
      await deps.db.run(sql`UPDATE notification_outbox SET created_at = ${deps.clock.now().toISOString()} WHERE id = ${row.id}`);
    }
  }
  return delivered + (await retryRewrites(deps, before));
}

/** Applies the rewrites a request left behind (its object call failed); answers how many. */
async function retryRewrites(deps: OutboxDeps, before: string): Promise<number> {
  const rows = await deps.db.all<{ id: string; rewrite: string }>(
    sql`SELECT id, ${REWRITE_OF_ROW} AS rewrite FROM notification_outbox
      WHERE created_at < ${before} AND ${REWRITE_OF_ROW} IS NOT NULL ORDER BY created_at LIMIT ${REWRITE_BATCH}`,
  );
  let applied = 0;
  for (const row of rows) {
    try {
      await applyRewrite(deps, row.id, JSON.parse(row.rewrite) as Rewrite);
      applied++;
    } catch (error) {
      console.error(`notification rewrite ${row.id} not applied`, error);
    }
  }
  return applied;
}
