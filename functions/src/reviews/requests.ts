/**
 * The cron's review requests (every 10 minutes, functions/src/index.ts): each confirmed session
 * that ended within the review window and whose guest was not asked yet gets one
 * review.requested notice, then is marked asked. The notice's event id makes a second run
 * that races the first store nothing. A session its guest reviewed before the run is not asked about.
 */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { bookings } from '../db/schema';
import type { Deps } from '../deps';
import { memberCards } from '../members/cards';
import { REVIEW_WINDOW_DAYS } from './messages';
import { askGuestForReview } from './notices';

const DAY = 24 * 3_600_000;
/** Sessions handled per run: a busy ten minutes ends far fewer. */
const BATCH = 100;

/** Asks the guests of the sessions that ended since the last run to review them; answers how many were asked. */
export async function requestDueReviews(deps: Pick<Deps, 'db' | 'clock' | 'live' | 'notifications'>): Promise<number> {
  const now = deps.clock.now().getTime();
  const due = await deps.db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        isNull(bookings.reviewRequestedAt),
        lte(bookings.endsAt, now),
        gt(bookings.endsAt, now - REVIEW_WINDOW_DAYS * DAY),
        sql`NOT EXISTS (SELECT 1 FROM session_reviews r WHERE r.booking_id = ${bookings.id})`,
      ),
    )
    .orderBy(bookings.endsAt)
    .limit(BATCH);
  if (due.length === 0) return 0;
  const hosts = await memberCards(deps, [...new Set(due.map((row) => row.hostId))]);
  let asked = 0;
  for (const booking of due) {
    const host = hosts.get(booking.hostId);
    try {
      if (host && (await askGuestForReview(deps, booking, host))) asked += 1;
    } catch (error) {
      // Left unmarked: the next run asks again (the event id keeps it to one notice).
      console.error(`review request for session ${booking.id} failed`, error);
      continue;
    }
    await deps.db
      .update(bookings)
      .set({ reviewRequestedAt: new Date(now).toISOString() })
      .where(and(eq(bookings.id, booking.id), isNull(bookings.reviewRequestedAt)));
  }
  return asked;
}
