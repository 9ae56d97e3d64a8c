/**
 * Why a session ended, as the member's open tabs are told (the live event `session.ended`
 * and the `reason` of a refused token's 401): the tab says so and goes to sign-in
 * (src/lib/session/ended.ts). The end reasons stored on a session row (db/schema.ts
 * `sessionEndReasons`) map onto these; a suspension and an expiry end a session without one.
 */
import type { sessionEndReasons } from '../db/schema';
import type { SessionEndedReason } from '../ports/live';

/** What the open tabs of a session ended with a stored reason are told. */
export const ENDED_REASON_OF_STORED = {
  'signed-out': 'signed_out',
  'signed-out-everywhere': 'signed_out_everywhere',
  'password-changed': 'password_changed',
  'password-reset': 'password_changed',
} as const satisfies Record<(typeof sessionEndReasons)[number], SessionEndedReason>;
