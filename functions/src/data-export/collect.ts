/**
 * Everything stored about one member, read in one D1 batch (one consistent snapshot):
 * their account and profile, what they wrote and did, what was sent to them, their
 * billing state. Only rows about this member are read; what other members wrote to them
 * stays out (see documents.ts for the rules), and the names of the other members a row
 * mentions are read in a second query. Their notifications, profile views and conversations
 * come from their own objects (notifications/notifications-object.ts, profiles/profile-views-object.ts,
 * inbox/inbox-object.ts), read beside the batch; their files' rows stay D1's (attachments).
 */
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Deps } from '../deps';
import { exportedConversations, type ExportedMessage, type ExportedThread } from './conversation-rows';
import { exported, type ExportedNotification } from './notification-rows';
import { reviewRowsQuery } from './review-rows';
import { invitationsAbout } from '../invitations/store';
import { introductionMemberIds, introductionRows, type IntroductionRows } from './introduction-rows';
import { savedMemberIds, savedRows, type SavedRows } from './saved-rows';
import { verificationRows, type VerificationRows } from './verification-rows';
import {
  advisors,
  attachments,
  billingCustomers,
  blocks,
  bookings,
  calendarFeeds,
  connections,
  consents,
  feedComments,
  feedLikes,
  feedPollOptions,
  feedPolls,
  feedPollVotes,
  feedPostHistory,
  feedPostMedia,
  feedPosts,
  feedReplies,
  founders,
  messageRequests,
  officeHours,
  onboardingDrafts,
  premiumGrants,
  reports,
  subscriptionEvents,
  subscriptions,
  users,
} from '../db/schema';

/** Reads the member's rows; the member ids they mention are in `others` (names) once `collectMemberData` returns. */
function memberQueries(db: Db, userId: string) {
  const ownPostIds = db.select({ id: feedPosts.id }).from(feedPosts).where(eq(feedPosts.authorUserId, userId));
  return [
    db.select().from(users).where(eq(users.id, userId)),
    db.select().from(founders).where(eq(founders.userId, userId)),
    db.select().from(advisors).where(eq(advisors.userId, userId)),
    db.select().from(onboardingDrafts).where(eq(onboardingDrafts.userId, userId)),
    db.select().from(feedPosts).where(eq(feedPosts.authorUserId, userId)).orderBy(asc(feedPosts.createdAt)),
    db.select().from(feedPostMedia).where(inArray(feedPostMedia.postId, ownPostIds)).orderBy(asc(feedPostMedia.postId), asc(feedPostMedia.position)),
    db.select().from(feedPolls).where(inArray(feedPolls.postId, ownPostIds)),
    db
      .select({ id: feedPollOptions.id, pollId: feedPollOptions.pollId, position: feedPollOptions.position, label: feedPollOptions.label, voteCount: feedPollOptions.voteCount })
      .from(feedPollOptions)
      .innerJoin(feedPolls, eq(feedPolls.id, feedPollOptions.pollId))
      .where(inArray(feedPolls.postId, ownPostIds))
      .orderBy(asc(feedPollOptions.position)),
    db.select().from(feedPostHistory).where(inArray(feedPostHistory.postId, ownPostIds)).orderBy(asc(feedPostHistory.createdAt)),
    db
      .select({
        id: feedComments.id,
        postId: feedComments.postId,
        postSlug: feedPosts.slug,
        text: feedComments.text,
        editedAt: feedComments.editedAt,
        createdAt: feedComments.createdAt,
        updatedAt: feedComments.updatedAt,
      })
      .from(feedComments)
      .innerJoin(feedPosts, eq(feedPosts.id, feedComments.postId))
      .where(eq(feedComments.authorUserId, userId))
      .orderBy(asc(feedComments.createdAt)),
    db
      .select({
        id: feedReplies.id,
        commentId: feedReplies.commentId,
        postId: feedReplies.postId,
        postSlug: feedPosts.slug,
        text: feedReplies.text,
        editedAt: feedReplies.editedAt,
        createdAt: feedReplies.createdAt,
        updatedAt: feedReplies.updatedAt,
      })
      .from(feedReplies)
      .innerJoin(feedPosts, eq(feedPosts.id, feedReplies.postId))
      .where(eq(feedReplies.authorUserId, userId))
      .orderBy(asc(feedReplies.createdAt)),
    db
      .select({ postId: feedLikes.postId, postSlug: feedPosts.slug, createdAt: feedLikes.createdAt })
      .from(feedLikes)
      .innerJoin(feedPosts, eq(feedPosts.id, feedLikes.postId))
      .where(eq(feedLikes.userId, userId))
      .orderBy(asc(feedLikes.createdAt)),
    db
      .select({
        pollId: feedPollVotes.pollId,
        optionId: feedPollVotes.optionId,
        option: feedPollOptions.label,
        question: feedPolls.question,
        postId: feedPolls.postId,
        postSlug: feedPosts.slug,
        createdAt: feedPollVotes.createdAt,
      })
      .from(feedPollVotes)
      .innerJoin(feedPollOptions, eq(feedPollOptions.id, feedPollVotes.optionId))
      .innerJoin(feedPolls, eq(feedPolls.id, feedPollVotes.pollId))
      .innerJoin(feedPosts, eq(feedPosts.id, feedPolls.postId))
      .where(eq(feedPollVotes.userId, userId))
      .orderBy(asc(feedPollVotes.createdAt)),
    db
      .select()
      .from(connections)
      .where(or(eq(connections.requesterId, userId), eq(connections.receiverId, userId)))
      .orderBy(asc(connections.createdAt)),
    db.select().from(blocks).where(eq(blocks.blockerId, userId)).orderBy(asc(blocks.createdAt)),
    // Sent or not: the rows name the R2 key and the upload's time, which the mailbox does not keep.
    db.select().from(attachments).where(eq(attachments.ownerId, userId)).orderBy(asc(attachments.createdAt), asc(attachments.position)),
    db
      .select()
      .from(messageRequests)
      .where(or(eq(messageRequests.senderId, userId), eq(messageRequests.recipientId, userId)))
      .orderBy(asc(messageRequests.createdAt)),
    db.select().from(reports).where(eq(reports.reporterId, userId)).orderBy(asc(reports.createdAt)),
    db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.createdAt)),
    db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, userId)).orderBy(asc(subscriptionEvents.createdAt), asc(subscriptionEvents.id)),
    db.select().from(premiumGrants).where(eq(premiumGrants.userId, userId)),
    // The members this member blocked or was blocked by: their views of this member are not named.
    db
      .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
      .from(blocks)
      .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId))),
    db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.createdAt), asc(consents.kind)),
    db.select().from(officeHours).where(eq(officeHours.userId, userId)),
    db
      .select()
      .from(bookings)
      .where(or(eq(bookings.hostId, userId), eq(bookings.guestId, userId)))
      .orderBy(asc(bookings.startsAt)),
    // Whether the member has a calendar feed: its token was shown once and only its hash is kept, so the archive says since when.
    db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)),
    reviewRowsQuery(db, userId),
    invitationsAbout(db, userId),
  ] as const;
}

type Results<T> = { -readonly [K in keyof T]: T[K] extends PromiseLike<infer R> ? R : never };
type Rows = Results<ReturnType<typeof memberQueries>>;

/** A member named in the export: id and name only. */
export type NamedMember = { id: string; name: string };

/** The member's rows, by kind, and the names of the members they mention. */
export type MemberData = {
  user: Rows[0][number];
  founder: Rows[1][number] | null;
  advisor: Rows[2][number] | null;
  onboardingDraft: Rows[3][number] | null;
  posts: Rows[4];
  postMedia: Rows[5];
  polls: Rows[6];
  pollOptions: Rows[7];
  postHistory: Rows[8];
  comments: Rows[9];
  replies: Rows[10];
  likes: Rows[11];
  votes: Rows[12];
  connections: Rows[13];
  blocked: Rows[14];
  /** From the member's mailbox (inbox/inbox-object.ts), oldest first. */
  threads: ExportedThread[];
  receivedPerThread: Array<{ threadId: string; received: number }>;
  messages: ExportedMessage[];
  attachments: Rows[15];
  messageRequests: Rows[16];
  notifications: ExportedNotification[];
  /** From the member's profile-views object (profiles/profile-views-object.ts), oldest first. */
  viewsOfMe: Array<{ viewerId: string; viewedAt: string; private: boolean }>;
  viewsByMe: Array<{ viewedId: string; viewedAt: string; private: boolean }>;
  reports: Rows[17];
  billingCustomer: Rows[18][number] | null;
  subscriptions: Rows[19];
  subscriptionEvents: Rows[20];
  premiumGrant: Rows[21][number] | null;
  /** What the member agreed to and when (consents/), oldest first. */
  consents: Rows[23];
  /** The member's office hours (office-hours/), when they set them. */
  officeHours: Rows[24][number] | null;
  /** Sessions the member hosts or booked, by start. */
  bookings: Rows[25];
  /** The member's calendar feed (office-hours/calendar-feed.ts), when they made one. */
  calendarFeed: Rows[26][number] | null;
  /** Reviews the member wrote (as guest) or received (as host), oldest first (reviews/). */
  sessionReviews: Rows[27];
  /** Invitations the member sent, and the one they joined through, oldest first. */
  invitations: Rows[28];
  /** Members on either side of a block with this member. */
  blockedEitherWay: Set<string>;
  others: Map<string, NamedMember>;
} & IntroductionRows &
  SavedRows &
  VerificationRows;

/** The ids of the other members the rows mention. */
function mentionedIds(userId: string, rows: Omit<MemberData, 'others' | 'user' | 'blockedEitherWay'>): string[] {
  const ids = new Set<string>([
    ...rows.connections.flatMap((row) => [row.requesterId, row.receiverId]),
    ...rows.blocked.map((row) => row.blockedId),
    ...rows.threads.map((row) => row.otherId),
    ...rows.messages.map((row) => row.toId),
    ...rows.messageRequests.flatMap((row) => [row.senderId, row.recipientId]),
    ...rows.notifications.flatMap((row) => (row.senderId ? [row.senderId] : [])),
    ...rows.viewsOfMe.map((row) => row.viewerId),
    ...rows.viewsByMe.map((row) => row.viewedId),
    ...rows.bookings.flatMap((row) => [row.hostId, row.guestId]),
    ...rows.sessionReviews.map((row) => row.hostId),
    ...rows.invitations.flatMap((row) => [row.inviterId, row.inviteeId].filter((id): id is string => id !== null)),
    ...introductionMemberIds(rows),
    ...savedMemberIds(rows),
  ]);
  ids.delete(userId);
  return [...ids];
}

/** Reads every row about the member, or null when the account no longer exists. */
export async function collectMemberData(db: Db, userId: string, stores: Pick<Deps, 'notifications' | 'profileViews' | 'inbox'>): Promise<MemberData | null> {
  const [
    [user],
    [founder],
    [advisor],
    [onboardingDraft],
    posts,
    postMedia,
    polls,
    pollOptions,
    postHistory,
    comments,
    replies,
    likes,
    votes,
    connectionRows,
    blocked,
    attachmentRows,
    messageRequestRows,
    reportRows,
    [billingCustomer],
    subscriptionRows,
    subscriptionEventRows,
    [premiumGrant],
    blockRows,
    consentRows,
    [officeHoursRow],
    bookingRows,
    [calendarFeed],
    reviewRows,
    invitationRows,
  ] = (await db.batch(memberQueries(db, userId))) as unknown as Rows;
  if (!user) return null;
  const notificationRows = (await stores.notifications.of(userId).all()).map((row) => exported(userId, row));
  const viewRows = await stores.profileViews.of(userId).all();
  const viewsOfMe = viewRows.filter((row) => row.side === 'viewers').map((row) => ({ viewerId: row.member_id, viewedAt: row.viewed_at, private: row.private === 1 }));
  const viewsByMe = viewRows.filter((row) => row.side === 'viewed').map((row) => ({ viewedId: row.member_id, viewedAt: row.viewed_at, private: row.private === 1 }));
  const conversations = exportedConversations(userId, await stores.inbox.of(userId).exportRows(userId));
  const rows = {
    founder: founder ?? null,
    advisor: advisor ?? null,
    onboardingDraft: onboardingDraft ?? null,
    posts,
    postMedia,
    polls,
    pollOptions,
    postHistory,
    comments,
    replies,
    likes,
    votes,
    connections: connectionRows,
    blocked,
    ...conversations,
    attachments: attachmentRows,
    messageRequests: messageRequestRows,
    notifications: notificationRows,
    viewsOfMe,
    viewsByMe,
    reports: reportRows,
    billingCustomer: billingCustomer ?? null,
    subscriptions: subscriptionRows,
    subscriptionEvents: subscriptionEventRows,
    premiumGrant: premiumGrant ?? null,
    consents: consentRows,
    officeHours: officeHoursRow ?? null,
    bookings: bookingRows,
    calendarFeed: calendarFeed ?? null,
    sessionReviews: reviewRows,
    invitations: invitationRows,
    ...(await introductionRows(db, userId)),
    ...(await savedRows(db, userId)),
    ...(await verificationRows(db, userId)),
  };
  const blockedEitherWay = new Set(blockRows.map((row) => (row.blockerId === userId ? row.blockedId : row.blockerId)));
  const others = await namesOf(db, mentionedIds(userId, rows));
  // What a member sent who has since deleted their account is not theirs any more (as the list shows it).
  const notifications = rows.notifications.filter((row) => row.senderId === null || others.has(row.senderId));
  return { user, ...rows, notifications, blockedEitherWay, others };
}

/** The names of the members, by id (json_each keeps it one bound parameter however many there are). */
async function namesOf(db: Db, ids: string[]): Promise<Map<string, NamedMember>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`${users.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  return new Map(rows.map((row) => [row.id, { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() }]));
}
