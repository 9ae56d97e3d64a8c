/**
 * The port of the MemberLive objects (live/live-object.ts, one per member; its binding
 * live/live-binding.ts): live events to a member's open tabs, the web push when none is
 * open, and closing the tabs of ended sessions. Types only.
 */

/**
 * Live events to a member's open sockets: `emit(userId, event, payload)` reaches every tab
 * and device of that member. `Events` maps the event names to their payloads; Deps carries
 * the emitter with none, so code that sends narrows it to the events it sends (`Emits`,
 * e.g. inbox/live-events.ts). live/events.ts lists them all for the socket and the app.
 */
export type LiveEmitter<Events extends object = Record<never, never>> = {
  /**
   * Resolves once the member's object has sent it (0 sockets is fine); never throws. With
   * `push`, the object sends that web push (push/) when no open socket got the event.
   */
  emit<E extends keyof Events & string>(userId: string, event: E, payload: Events[E], push?: PushNote): Promise<void>;
  /**
   * Closes the member's sockets of the sessions in `scope`, whose sessions just ended,
   * telling each tab `reason` first (the event `session.ended`); never throws.
   */
  closeSessions(userId: string, scope: SessionScope, reason: SessionEndedReason): Promise<void>;
};

/**
 * A web push for a member away from the tab (push/send.ts): `kind` is a preference kind
 * (push/kinds.ts), `url` the screen a click opens, `tag` collapses the pushes of one thing
 * (one conversation) on the device and at the push service (`Topic`).
 */
export type PushNote = { kind: string; title: string; body: string; url: string; tag: string };

/**
 * Why a session ended, as its open tabs are told (session/end-reasons.ts): the live event
 * `session.ended` and the `reason` of a refused token's 401.
 */
export type SessionEndedReason = 'signed_out' | 'signed_out_everywhere' | 'password_changed' | 'suspended' | 'expired' | 'account_deleted';

/** Some of a member's sessions: one of them, or all but one (`allBut: null`: all of them). */
export type SessionScope = { only: string } | { allBut: string | null };

/** The dependency of code that sends these live events. */
export type Emits<Events extends object> = { live: LiveEmitter<Events> };
