/**
 * The domain events other parts of the product react to (the notifications issue
 * delivers them). A discriminated union on `type`: `actorId` did it, `subjectId` is the
 * member it is for.
 */
export type DomainEvent =
  | { type: 'connection.requested'; actorId: string; subjectId: string; connectionId: string }
  | { type: 'connection.accepted'; actorId: string; subjectId: string; connectionId: string };

export type DomainEventType = DomainEvent['type'];

/** An event as recorded in domain_events. */
export type RecordedEvent = DomainEvent & { _id: string; createdAt: string };
