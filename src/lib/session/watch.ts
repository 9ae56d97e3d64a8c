/**
 * The page's session watch (./ended.ts): it asks GET /api/session/auth/me, and once the
 * session is over closes the live socket (SIGNED_OUT_EVENT) and loads the sign-in page,
 * a full load so nothing of the member's pages stays in memory.
 */
import { SIGNED_OUT_EVENT } from '../live/signals';
import { createSessionWatch, probeSession } from './ended';

export const sessionWatch = createSessionWatch({
  probe: () => probeSession(),
  leave: (path) => {
    dispatchEvent(new Event(SIGNED_OUT_EVENT));
    location.assign(path);
  },
  here: () => new URL(location.href),
});
