/**
 * What reviews tell members, through the one door (notifications/deliver.ts): the guest is
 * asked to rate a session once it ended (review.requested), the host hears of a new review
 * (review.received). A failed notice is logged and never undoes the review.
 */
import type { BookingRow } from '../db/schema';
import type { Deps } from '../deps';
import { deliver } from '../notifications/deliver';
import { findMemberCard } from '../members/cards';
import type { MemberCard } from '../members/schemas';
import type { Review } from './schemas';

type NoticeDeps = Pick<Deps, 'db' | 'clock' | 'live' | 'notifications'>;

/** The app paths the notices open: the review page of a session, the reviews on a profile. */
export const REVIEW_LINKS = {
  review: (bookingId: string) => `/sessions/${encodeURIComponent(bookingId)}/review`,
  profileReviews: (card: Pick<MemberCard, 'memberType' | 'slug'>) => (card.slug ? `/${card.memberType}/${encodeURIComponent(card.slug)}#reviews` : '/notifications'),
} as const;

const excerpt = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Asks the guest to rate the session; once per session (its event id), answers whether it was stored. */
export async function askGuestForReview(deps: NoticeDeps, booking: BookingRow, host: MemberCard): Promise<boolean> {
  const stored = await deliver(deps, {
    userId: booking.guestId,
    senderId: booking.hostId,
    kind: 'review.requested',
    title: `How was your session with ${host.name}?`,
    body: `Rate “${excerpt(booking.topic, 80)}” from 1 to 5 and add a few words for other founders.`,
    link: REVIEW_LINKS.review(booking.id),
    refId: booking.id,
    eventId: `review.requested:${booking.id}`,
  });
  return stored !== null;
}

/** Tells the host their session was reviewed, with the rating and the first words. */
export async function tellHostOfReview(deps: NoticeDeps, booking: BookingRow, review: Review): Promise<void> {
  const host = await findMemberCard(deps, booking.hostId);
  try {
    await deliver(deps, {
      userId: booking.hostId,
      senderId: booking.guestId,
      kind: 'review.received',
      title: `${review.author.name} reviewed your session`,
      body: `${review.rating}/5 · “${excerpt(review.text)}”`,
      link: host ? REVIEW_LINKS.profileReviews(host) : null,
      refId: review._id,
      eventId: `review.received:${review._id}`,
    });
  } catch (error) {
    console.error(`review notice ${review._id} failed`, error);
  }
}
