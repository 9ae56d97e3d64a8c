/**
 * Domain events: `publishEvent` records the event in domain_events and hands the notification
 * it makes to the delivery door (notifications/deliver.ts: stored once per event id, live,
 * pushed by the member's preferences), so callers never change.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { domainEvents } from '../db/schema';
import { notificationOf } from './notification-of';
import { deliver } from '../notifications/deliver';
import type { DomainEvent, DomainEventType, RecordedEvent } from './types';

/**
 * Records one event and notifies its subject (notification-of.ts says what each event tells).
 * Call it after the change it reports has been stored: a failed delivery is logged, never
 * undoes or fails that change.
 */
export async function publishEvent(deps: Pick<Deps, 'db' | 'clock' | 'live' | 'notifications'>, event: DomainEvent): Promise<void> {
  const { type, actorId, subjectId, ...payload } = event;
  const id = newId();
  // The record and the read of what the notification quotes run side by side; storing it is one more round trip.
  const [, input] = await Promise.all([
    deps.db.insert(domainEvents).values({ id, type, actorId, subjectId, payload: JSON.stringify(payload), createdAt: deps.clock.now().toISOString() }),
    notificationOf(deps, event, id).catch((error: unknown) => {
      console.error(`notification of event ${id} (${type}) failed`, error);
      return null;
    }),
  ]);
  if (!input) return;
  try {
    await deliver(deps, input);
  } catch (error) {
    console.error(`notification of event ${id} (${type}) failed`, error);
  }
}

/** The events recorded for a member, newest first (optionally of one type). */
export async function eventsFor(deps: Pick<Deps, 'db'>, subjectId: string, type?: DomainEventType, limit = 50): Promise<RecordedEvent[]> {
  const rows = await deps.db
    .select()
    .from(domainEvents)
    .where(type ? and(eq(domainEvents.subjectId, subjectId), eq(domainEvents.type, type)) : eq(domainEvents.subjectId, subjectId))
    .orderBy(desc(domainEvents.createdAt), desc(domainEvents.id))
    .limit(limit);
  return rows.map(
    (row) => ({ ...JSON.parse(row.payload), type: row.type, actorId: row.actorId, subjectId: row.subjectId, _id: row.id, createdAt: row.createdAt }) as RecordedEvent,
  );
}
