/** The data download's query of session reviews: those the member wrote as guest or received as host, oldest first (reviews/). */
import { asc, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessionReviews } from '../db/schema';

export function reviewRowsQuery(db: Db, userId: string) {
  return db
    .select()
    .from(sessionReviews)
    .where(or(eq(sessionReviews.hostId, userId), eq(sessionReviews.guestId, userId)))
    .orderBy(asc(sessionReviews.createdAt));
}
