/**
 * Reviews of office-hours sessions: once a confirmed session has ended, its guest may rate it
 * (1–5, a few words) once, within REVIEW_WINDOW_DAYS; its host may answer once. A host's
 * profile shows the count and average of the reviews not hidden by moderation, and the list.
 * Each write is one conditional statement, so two at once leave one review and one answer.
 */
import { and, avg, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { newId } from '../db/ids';
import { offsetOf, pageOf, type PageRequest } from '../db/paging';
import { type BookingRow, bookings, type SessionReviewRow, sessionReviews } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../errors';
import { memberCards } from '../members/cards';
import type { MemberCard } from '../members/schemas';
import { bookingRow, bookingView } from '../office-hours/service';
import { REVIEW_MESSAGES as M, REVIEW_WINDOW_DAYS } from './messages';
import { tellHostOfReview } from './notices';
import type { Review, ReviewInput, ReviewPage, ReviewSummary } from './schemas';
import { profileVisibleTo } from './visibility';

const DAY = 24 * 3_600_000;
const GONE: MemberCard = {
  _id: '',
  memberType: 'founder',
  name: 'Deleted member',
  tagline: null,
  slug: '',
  avatar: null,
  banner: null,
  profileId: '',
  premium: false,
  verified: null,
};

/** Why `viewerId` may not review the session now, or null when they may. */
function refusal(row: BookingRow, viewerId: string, now: number): ApiError | null {
  if (row.guestId !== viewerId) return new ApiError(403, M.notGuest);
  if (row.status !== 'confirmed') return new ApiError(409, M.notHeld);
  if (row.endsAt > now) return new ApiError(409, M.notEnded);
  if (row.endsAt < now - REVIEW_WINDOW_DAYS * DAY) return new ApiError(409, M.tooOld);
  return null;
}

/** A session either side may open; anyone else gets a 404. */
async function sessionOf(deps: Pick<Deps, 'db'>, viewerId: string, id: string): Promise<BookingRow> {
  const row = await bookingRow(deps, id).catch(() => null);
  if (!row || (row.guestId !== viewerId && row.hostId !== viewerId)) throw new ApiError(404, M.sessionNotFound);
  return row;
}

async function toReviews(deps: Pick<Deps, 'db'>, rows: readonly SessionReviewRow[]): Promise<Review[]> {
  if (rows.length === 0) return [];
  const cards = await memberCards(deps, [...new Set(rows.map((row) => row.guestId))]);
  const sessions = await deps.db
    .select({ id: bookings.id, topic: bookings.topic })
    .from(bookings)
    .where(inArray(bookings.id, [...new Set(rows.map((row) => row.bookingId))]));
  const topics = new Map(sessions.map((row) => [row.id, row.topic]));
  return rows.map((row) => ({
    _id: row.id,
    rating: row.rating,
    text: row.text,
    topic: topics.get(row.bookingId) ?? '',
    author: cards.get(row.guestId) ?? GONE,
    answer: row.answer !== null && row.answeredAt !== null ? { text: row.answer, answeredAt: row.answeredAt } : null,
    createdAt: row.createdAt,
  }));
}

async function reviewOfSession(deps: Pick<Deps, 'db'>, bookingId: string): Promise<SessionReviewRow | undefined> {
  const [row] = await deps.db.select().from(sessionReviews).where(eq(sessionReviews.bookingId, bookingId));
  return row;
}

/** The session as the review page shows it: the session, its review if any, and whether the viewer may write one. */
export async function sessionReviewState(deps: Pick<Deps, 'db' | 'clock'>, viewerId: string, id: string) {
  const row = await sessionOf(deps, viewerId, id);
  const review = await reviewOfSession(deps, id);
  const why = review && row.guestId === viewerId ? new ApiError(409, M.alreadyReviewed) : refusal(row, viewerId, deps.clock.now().getTime());
  return {
    session: await bookingView(deps, row),
    review: review ? (await toReviews(deps, [review]))[0]! : null,
    canReview: why === null,
    reason: why?.message ?? null,
  };
}

/** The guest reviews an ended, confirmed session once; the host is told. */
export async function writeReview(deps: Deps, viewerId: string, bookingId: string, input: ReviewInput): Promise<Review> {
  const row = await sessionOf(deps, viewerId, bookingId);
  const why = refusal(row, viewerId, deps.clock.now().getTime());
  if (why) throw why;
  const id = newId();
  const inserted = await deps.db
    .insert(sessionReviews)
    .values({ id, bookingId, hostId: row.hostId, guestId: row.guestId, rating: input.rating, text: input.text, createdAt: deps.clock.now().toISOString() })
    .onConflictDoNothing({ target: sessionReviews.bookingId })
    .returning();
  if (inserted.length === 0) throw new ApiError(409, M.alreadyReviewed);
  const [review] = await toReviews(deps, inserted);
  await tellHostOfReview(deps, row, review!);
  return review!;
}

/** The host answers a review of theirs once (also a hidden one: only they and its author see it then). */
export async function answerReview(deps: Pick<Deps, 'db' | 'clock'>, viewerId: string, reviewId: string, text: string): Promise<Review> {
  const [row] = await deps.db.select().from(sessionReviews).where(eq(sessionReviews.id, reviewId));
  if (!row || (row.hostId !== viewerId && row.guestId !== viewerId)) throw new ApiError(404, M.reviewNotFound);
  if (row.hostId !== viewerId) throw new ApiError(403, M.notHost);
  const answered = await deps.db
    .update(sessionReviews)
    .set({ answer: text, answeredAt: deps.clock.now().toISOString() })
    .where(and(eq(sessionReviews.id, reviewId), isNull(sessionReviews.answer)))
    .returning();
  if (answered.length === 0) throw new ApiError(409, M.alreadyAnswered);
  return (await toReviews(deps, answered))[0]!;
}

const shown = (hostId: string) => and(eq(sessionReviews.hostId, hostId), isNull(sessionReviews.hiddenAt));

/** The count and average rating of a host's shown reviews. */
export async function reviewSummary(deps: Pick<Deps, 'db'>, hostId: string): Promise<ReviewSummary> {
  const [row] = await deps.db
    .select({ count: count(), average: avg(sessionReviews.rating) })
    .from(sessionReviews)
    .where(shown(hostId));
  const total = row?.count ?? 0;
  return { count: total, average: total === 0 || row?.average == null ? null : Math.round(Number(row.average) * 10) / 10 };
}

/** One page of a host's shown reviews, newest first, with the summary; 404 when the viewer may not see the host's profile. */
export async function reviewsOf(deps: Pick<Deps, 'db'>, viewerId: string | null, hostId: string, page: PageRequest): Promise<ReviewPage> {
  if (!(await profileVisibleTo(deps, hostId, viewerId))) throw new ApiError(404, M.hostNotFound);
  const [summary, rows] = await Promise.all([
    reviewSummary(deps, hostId),
    deps.db.select().from(sessionReviews).where(shown(hostId)).orderBy(desc(sessionReviews.createdAt), desc(sessionReviews.id)).limit(page.limit).offset(offsetOf(page)),
  ]);
  return { summary, ...pageOf(await toReviews(deps, rows), summary.count, page) };
}
