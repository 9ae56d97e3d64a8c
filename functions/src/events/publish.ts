/**
 * The one door for domain events: `publishEvent` records the event in domain_events.
 * Delivery (notifications, live events) will hook in here, so callers never change.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { domainEvents } from '../db/schema';
import type { DomainEvent, DomainEventType, RecordedEvent } from './types';

/** Records one event. Call it after the change it reports has been stored. */
export async function publishEvent(deps: Pick<Deps, 'db' | 'clock'>, event: DomainEvent): Promise<void> {
  const { type, actorId, subjectId, ...payload } = event;
  await deps.db.insert(domainEvents).values({
    id: newId(),
    type,
    actorId,
    subjectId,
    payload: JSON.stringify(payload),
    createdAt: deps.clock.now().toISOString(),
  });
}

/** The events recorded for a member, newest first (optionally of one type). */
export async function eventsFor(deps: Pick<Deps, 'db'>, subjectId: string, type?: DomainEventType, limit = 50): Promise<RecordedEvent[]> {
  const rows = await deps.db
    .select()
    .from(domainEvents)
    .where(type ? and(eq(domainEvents.subjectId, subjectId), eq(domainEvents.type, type)) : eq(domainEvents.subjectId, subjectId))
    .orderBy(desc(domainEvents.createdAt), desc(domainEvents.id))
    .limit(limit);
  return rows.map((row) => ({ ...JSON.parse(row.payload), type: row.type, actorId: row.actorId, subjectId: row.subjectId, _id: row.id, createdAt: row.createdAt }) as RecordedEvent);
}
