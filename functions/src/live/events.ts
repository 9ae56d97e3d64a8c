/**
 * The live events, typed once for the Durable Object, the API code that emits them and
 * the app's socket client (docs/product.md#live-connection): every event the inbox and the
 * notifications send (inbox/live-events.ts, notifications/live-events.ts), the connections'
 * requests count (connections/live-events.ts), billing's (subscriptions/live-events.ts), office
 * hours' session changes (office-hours/live-events.ts) and introductions' match
 * (introductions/live-events.ts). Every event
 * goes to every socket of the member (all tabs and devices).
 */
import type { ConnectionLiveEvents } from '../connections/live-events';
import type { InboxLiveEvents } from '../inbox/live-events';
import type { NotificationLiveEvents } from '../notifications/live-events';
import type { BillingLiveEvents } from '../subscriptions/live-events';
import type { SessionLiveEvents } from '../office-hours/live-events';
import type { MatchLiveEvents } from '../introductions/live-events';
import type { SessionEndedReason } from '../ports/live';

/** `notification` (docs/product.md#live-connection): a new message has title `New Message` and the thread in `body`. */
export type NotificationEvent = InboxLiveEvents['notification'] | NotificationLiveEvents['notification'];

export type LiveEvents = {
  notification: NotificationEvent;
  thread: InboxLiveEvents['thread'];
  read: InboxLiveEvents['read'];
  /** The figures that changed, each optional: unseen messages and notifications, received connection requests. */
  counts: Partial<InboxLiveEvents['counts'] & NotificationLiveEvents['counts'] & ConnectionLiveEvents['counts']>;
  /** The member's subscription or Premium changed (subscriptions/live-events.ts). */
  billing: BillingLiveEvents['billing'];
  /** An office-hours session changed: the booking as both sides' session lists show it (office-hours/live-events.ts). */
  session: SessionLiveEvents['session'];
  /** Two "Interested" made a match: its id and who made it; the screen reads the introduction (introductions/live-events.ts). */
  match: MatchLiveEvents['match'];
  /**
   * The socket's own session is over (deps.ts SessionEndedReason): sent by MemberLive just
   * before it ends the namespace (`41`) and closes the socket, never through `emit`.
   */
  'session.ended': { reason: SessionEndedReason };
};

export type LiveEventName = keyof LiveEvents;
