/**
 * A member's tab whose session ended elsewhere (issue 28, finding 8): signed out from
 * another device's sessions list or everywhere, a password change, a suspension, an expiry.
 * Whatever hints at it (the live event `session.ended`, a live handshake refused, an API
 * call answered 401), the tab asks the API once whether its session still lives; when it
 * does not, the live socket closes and the tab goes to sign-in with the page kept to come
 * back to and a notice saying why. Asking first matters: a 401 may answer a call sent with
 * an older token after a newer session was set in this browser (session-proxy.ts).
 */
import type { SessionEndedReason } from '@api/deps';
import { signInPathFor } from './next-path';
import { type NoticeKey, withNotice } from './notices';

/** The notice the sign-in page shows for each reason (./notices.ts holds the words). */
export const NOTICE_OF_ENDED_REASON = {
  signed_out: 'signed-out-elsewhere',
  signed_out_everywhere: 'signed-out-everywhere',
  password_changed: 'signed-out-password-changed',
  suspended: 'signed-out-suspended',
  expired: 'session-expired',
  account_deleted: 'account-deleted',
} as const satisfies Record<SessionEndedReason, NoticeKey>;

/** `value` when it is a reason the API sends, else null. */
export function endedReasonOf(value: unknown): SessionEndedReason | null {
  return typeof value === 'string' && Object.hasOwn(NOTICE_OF_ENDED_REASON, value) ? (value as SessionEndedReason) : null;
}

/** The sign-in address after the session of the page at `url` ended for `reason`: back to that page afterwards. */
export function signInAfterEnd(url: URL, reason: SessionEndedReason): string {
  return withNotice(signInPathFor(url), NOTICE_OF_ENDED_REASON[reason]);
}

/** The window event an API call answered 401 sends (api/session-fetch.ts); a member's page then checks its session. */
export const AUTH_REFUSED_EVENT = 'foundermesh:auth-refused';

/** What the API says of this tab's session: live, ended (with why, when it says), or unknown (offline). */
export type SessionState = { kind: 'live' } | { kind: 'ended'; reason: SessionEndedReason | null } | { kind: 'unknown' };

interface WatchDeps {
  /** Asks the API about the tab's session (GET /api/session/auth/me in the browser). */
  probe: () => Promise<SessionState>;
  /** Leaves for `path` once the session is known to be over (closes the socket, navigates). */
  leave: (path: string) => void;
  /** The page's address now. */
  here: () => URL;
}

/** A watch over `deps`: `check(hint)` answers whether the session ended, and leaves if so. Checks in flight are shared. */
export function createSessionWatch({ probe, leave, here }: WatchDeps) {
  let pending: Promise<boolean> | null = null;
  let left = false;
  return {
    check(hint: SessionEndedReason | null = null): Promise<boolean> {
      if (left) return Promise.resolve(true);
      pending ??= probe()
        .then((state) => {
          if (state.kind !== 'ended') return false;
          left = true;
          leave(signInAfterEnd(here(), state.reason ?? hint ?? 'expired'));
          return true;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
  };
}

/** GET /api/session/auth/me with the tab's cookie, read as a SessionState; never throws. */
export async function probeSession(
  fetchMe: () => Promise<Response> = () => fetch('/api/session/auth/me', { headers: { accept: 'application/json' }, credentials: 'same-origin' }),
): Promise<SessionState> {
  try {
    const response = await fetchMe();
    if (response.status !== 401) return response.ok ? { kind: 'live' } : { kind: 'unknown' };
    const body = (await response.json().catch(() => null)) as { data?: { reason?: unknown } | null } | null;
    return { kind: 'ended', reason: endedReasonOf(body?.data?.reason) };
  } catch {
    return { kind: 'unknown' };
  }
}
