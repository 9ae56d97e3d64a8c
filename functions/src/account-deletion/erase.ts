/**
 * The deletion of an account (docs/decisions.md "Account deletion: what is deleted and what
 * anonymised"). In order: cancel any paid subscription at the provider; wipe their
 * notifications object (what they sent others also leaves those members' notification objects:
 * sent-notifications.ts) and their profile-views object (their views also leave the objects of
 * the members on the other side); hand their side of every conversation, in the mailbox of
 * each member they talked with, to an anonymous stand-in ("Deleted member", a users row with
 * a fresh id and no email, profile or session), then wipe their own mailbox. Then one D1 batch
 * makes the stand-in, rewrites mentions of them in other members' text, fixes the counters
 * their likes, votes, comments and replies held, removes their search rows, hands the reports
 * about them and their snapshots to the stand-in (kept as evidence for their time), and
 * deletes the user (every table keyed to users cascades: profiles, posts, comments, likes,
 * votes, connections, sessions, identities, attachments, …). Then their sockets are closed,
 * their pictures, post media, attachments and share cards leave R2, and the goodbye mail goes to the
 * address the account had.
 *
 * The objects are cleaned before the batch so that a run cut short leaves the account (and
 * the approved request) for the next run, never an object naming a member D1 has forgotten;
 * each walk over other members' objects resumes where it stopped, and the stand-in is the same
 * in every run (`standInFor`).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { runBatch, type BatchStatement } from '../db/batch';
import { newId } from '../db/ids';
import { advisors, attachments, feedPostMedia, feedPosts, founders, type DeletionRequestRow, subscriptions, users } from '../db/schema';
import type { Deps } from '../deps';
import { deletionCompletedMail } from '../mail/deletion-mails';
import { deleteFiles } from '../inbox/attachments';
import { deleteImages } from '../media/image-store';
import { deleteMedia } from '../feed/media-store';
import { deleteShareCards } from '../share-cards/service';
import { PREMIUM_STATUSES } from '../subscriptions/premium-state';
import { STAND_IN_NAME, standInEmail } from '../members/stand-in';
import { eraseProfileViews, type ViewStoreDeps } from '../profiles/views';
import { dropCursor, readCursor, walkMembers } from '../jobs/cursor';
import { conversationPartners, finishStatement, forgetSentNotifications } from './sent-notifications';
import { sendMail, endLiveSessions } from '../notifications/deliver';

export type EraseDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'config' | 'live' | 'billing' | 'notifications' | 'inbox'> & ViewStoreDeps & { media: R2Bucket };

/** The name the stand-in shows wherever the member's messages stay. */
export const DELETED_MEMBER = STAND_IN_NAME;

const MENTION_OF = (userId: string) => new RegExp(`@\\[[^\\]\\n]{1,100}\\]\\(${userId}\\)`, 'g');

/** Tables whose text may tag the member, with their id and text columns (feed/tags.ts's mention form). */
const TEXT_TABLES = [
  { table: 'feed_posts', text: 'text' },
  { table: 'feed_comments', text: 'text' },
  { table: 'feed_replies', text: 'text' },
  { table: 'feed_post_history', text: 'text' },
] as const;

/** Statements rewriting `@[Their Name](<id>)` in other members' text to the stand-in; each only if the text is still what was read. */
async function mentionRewrites(deps: Pick<Deps, 'db'>, userId: string, standInId: string): Promise<BatchStatement[]> {
  const needle = `](${userId})`;
  const statements: BatchStatement[] = [];
  for (const { table, text } of TEXT_TABLES) {
    const rows = await deps.db.all<{ id: string; value: string }>(sql`SELECT id, ${sql.raw(text)} AS value FROM ${sql.raw(table)} WHERE instr(${sql.raw(text)}, ${needle}) > 0`);
    for (const row of rows) {
      const rewritten = row.value.replace(MENTION_OF(userId), `@[Deleted member](${standInId})`);
      if (rewritten !== row.value) statements.push(sql`UPDATE ${sql.raw(table)} SET ${sql.raw(text)} = ${rewritten} WHERE id = ${row.id} AND ${sql.raw(text)} = ${row.value}`);
    }
  }
  return statements;
}

/** The R2 keys of the member's pictures, post media and attachments (sent or not). */
async function storedFiles(deps: Pick<Deps, 'db'>, userId: string) {
  const [founder] = await deps.db.select({ picture: founders.profilePictureUrl, banner: founders.profileBannerUrl }).from(founders).where(eq(founders.userId, userId));
  const [advisor] = await deps.db.select({ picture: advisors.profilePictureUrl, banner: advisors.profileBannerUrl }).from(advisors).where(eq(advisors.userId, userId));
  const postMedia = await deps.db
    .select({ key: feedPostMedia.r2Key })
    .from(feedPostMedia)
    .where(inArray(feedPostMedia.postId, deps.db.select({ id: feedPosts.id }).from(feedPosts).where(eq(feedPosts.authorUserId, userId))));
  const files = await deps.db.select({ key: attachments.storageKey }).from(attachments).where(eq(attachments.ownerId, userId));
  return {
    images: [founder?.picture, founder?.banner, advisor?.picture, advisor?.banner].filter((path): path is string => Boolean(path)),
    postMedia: postMedia.map((row) => row.key),
    attachments: files.map((row) => row.key),
  };
}

/** Ends the member's paid subscriptions at the provider now (not at the period's end). */
async function cancelSubscriptions(deps: Pick<Deps, 'db' | 'billing'>, userId: string): Promise<void> {
  if (deps.billing.mode === 'off') return;
  const live = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(sql`${subscriptions.userId} = ${userId} AND ${inArray(subscriptions.status, [...PREMIUM_STATUSES])}`);
  for (const { id } of live) await deps.billing.cancelNow(id);
}

/** The D1 batch of the deletion (see the file's comment); `standInId` is the fresh id of "Deleted member". */
function eraseStatements(userId: string, standInId: string, requestId: string, at: string): BatchStatement[] {
  const x = userId;
  const t = standInId;
  return [
    // The stand-in, only while the member still exists (a repeated run makes none).
    sql`INSERT INTO users (id, email, password_hash, first_name, last_name, member_type, user_role, role_type, onboarded, email_verified,
          token_version, created_at, updated_at, search_indexing, private_browsing, accepts_message_requests)
        SELECT ${t}, ${standInEmail(t)}, '!', ${DELETED_MEMBER.firstName}, ${DELETED_MEMBER.lastName}, member_type, 'member', 'free', 0, 0,
          0, ${at}, ${at}, 0, 0, 0 FROM users WHERE id = ${x}`,
    // Counters on other members' posts, comments and polls, before the rows they count go.
    sql`UPDATE feed_posts SET like_count = (SELECT count(*) FROM feed_likes l WHERE l.post_id = feed_posts.id AND l.user_id <> ${x})
        WHERE id IN (SELECT post_id FROM feed_likes WHERE user_id = ${x}) AND author_user_id <> ${x}`,
    sql`UPDATE feed_posts SET comment_count =
          (SELECT count(*) FROM feed_comments c WHERE c.post_id = feed_posts.id AND c.author_user_id <> ${x})
          + (SELECT count(*) FROM feed_replies r JOIN feed_comments c ON c.id = r.comment_id WHERE r.post_id = feed_posts.id AND r.author_user_id <> ${x} AND c.author_user_id <> ${x})
        WHERE id IN (SELECT post_id FROM feed_comments WHERE author_user_id = ${x} UNION SELECT post_id FROM feed_replies WHERE author_user_id = ${x}) AND author_user_id <> ${x}`,
    sql`UPDATE feed_comments SET reply_count = (SELECT count(*) FROM feed_replies r WHERE r.comment_id = feed_comments.id AND r.author_user_id <> ${x})
        WHERE id IN (SELECT comment_id FROM feed_replies WHERE author_user_id = ${x}) AND author_user_id <> ${x}`,
    sql`UPDATE feed_poll_options SET vote_count = max(vote_count - 1, 0) WHERE id IN (SELECT option_id FROM feed_poll_votes WHERE user_id = ${x})`,
    // The files others sent the member stay their senders', sent to the stand-in as the senders' mailboxes now say
    // (no one signs in as it, so only the sender reads them); the member's own files go with the user.
    sql`UPDATE attachments SET to_id = ${t} WHERE to_id = ${x}`,
    // The request itself (and earlier ones) now belong to the stand-in.
    sql`UPDATE deletion_requests SET status = 'completed', completed_at = ${at} WHERE id = ${requestId} AND status = 'approved'`,
    sql`UPDATE deletion_requests SET user_id = ${t} WHERE user_id = ${x}`,
    // Moderation decisions stay on record, about the stand-in (0019; no foreign key).
    sql`UPDATE moderation_actions SET member_id = ${t} WHERE member_id = ${x}`,
    sql`UPDATE moderation_actions SET target_id = ${t} WHERE target_type = 'member' AND target_id = ${x}`,
    // The search row goes with the search key (0028's trigger finds it by key).
    sql`DELETE FROM search_keys WHERE user_id = ${x}`,
    // Notifications from the member still waiting for delivery to others (no foreign key).
    sql`DELETE FROM notification_outbox WHERE (CASE WHEN json_valid(payload) THEN json_extract(payload, '$.input.senderId') END) = ${x}`,
    // Others tagged in the member's comments and replies, and in the replies that go with their comments.
    sql`DELETE FROM feed_mentions WHERE comment_id <> '' AND comment_id IN (
          SELECT id FROM feed_comments WHERE author_user_id = ${x}
          UNION SELECT id FROM feed_replies WHERE author_user_id = ${x}
          UNION SELECT r.id FROM feed_replies r JOIN feed_comments c ON c.id = r.comment_id WHERE c.author_user_id = ${x})`,
    // Reports about them stay, with the snapshots of what they wrote (0034): evidence the deletion must not erase,
    // kept until 90 days after each report is handled, about the stand-in but with their name as it was.
    // The reports they filed go with the user (and their snapshots with the reports).
    sql`UPDATE reports SET target_id = ${t} WHERE target_type = 'member' AND target_id = ${x}`,
    sql`UPDATE report_snapshots SET author_id = ${t} WHERE author_id = ${x}`,
    // Invitations (0041): the member's address leaves the lists of whoever invited them (a joined one stays
    // "joined", naming nobody; the open ones to that address go). Of those they sent, the open ones keep leading
    // into registration, naming nobody (the key sets inviter_id null); the used and expired ones go.
    sql`UPDATE invitations SET email = '' WHERE invitee_id = ${x}`,
    sql`DELETE FROM invitations WHERE joined_at IS NULL AND email = (SELECT email FROM users WHERE id = ${x})`,
    sql`DELETE FROM invitations WHERE inviter_id = ${x} AND (joined_at IS NOT NULL OR expires_at <= ${at})`,
    // Everything keyed to the user cascades (ON DELETE CASCADE throughout functions/migrations).
    sql`DELETE FROM users WHERE id = ${x}`,
  ];
}

/** Mailboxes handed to the stand-in per step (one object call each); the cursor is saved after each step. */
const MAILBOX_STEP = 100;

const standInJob = (userId: string) => `erase-stand-in:${userId}`;
const mailboxJob = (userId: string) => `erase-mailboxes:${userId}`;

/**
 * The stand-in of the member's deletion, kept in job_cursors until the batch: a run cut short
 * may have handed mailboxes to it before the batch that makes its users row, so every run of
 * the deletion uses the same one (of two runs at once, the first to write it).
 */
async function standInFor(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<string> {
  const job = standInJob(userId);
  await deps.db.run(sql`INSERT INTO job_cursors (job, cursor, updated_at) VALUES (${job}, ${newId()}, ${deps.clock.now().toISOString()}) ON CONFLICT (job) DO NOTHING`);
  return readCursor(deps, job);
}

/**
 * The other member of each of the member's conversations keeps it, in their own mailbox: the
 * member's side passes to the stand-in (replaceMember), MAILBOX_STEP mailboxes at a time in id
 * order, the job's cursor saved after each step (walkMembers). The member's own mailbox is first
 * flushed (a change still on its way reaches the other mailbox now, not after it has passed to
 * the stand-in, where it would name the member again), then read for the walk, and wiped last.
 */
export async function handOverConversations(deps: Pick<Deps, 'db' | 'clock' | 'inbox'>, userId: string, standInId: string, perStep = MAILBOX_STEP): Promise<void> {
  const own = deps.inbox.of(userId);
  const waiting = await own.flush();
  if (waiting > 0) throw new Error(`${waiting} changes of the mailbox of ${userId} are still to deliver`);
  await walkMembers(deps, mailboxJob(userId), await conversationPartners(deps, userId), perStep, (memberId) => deps.inbox.of(memberId).replaceMember(userId, standInId));
  await own.wipe();
}

/**
 * Deletes the account of an approved request. Safe to run again after a failure: the
 * provider calls repeat harmlessly and the batch finds nothing left of the member.
 */
export async function eraseMember(deps: EraseDeps, request: DeletionRequestRow): Promise<void> {
  const userId = request.userId;
  const [member] = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId)).limit(1);
  const at = deps.clock.now().toISOString();
  if (!member) {
    await deps.db.run(sql`UPDATE deletion_requests SET status = 'completed', completed_at = ${at} WHERE id = ${request.id} AND status = 'approved'`);
    return;
  }
  await cancelSubscriptions(deps, userId);
  const files = await storedFiles(deps, userId);
  const standInId = await standInFor(deps, userId);
  // Before the batch: a failure here leaves the account for the next run, never an orphaned object.
  await deps.notifications.of(userId).wipe();
  // What they sent leaves the others' objects, while D1 and their mailbox still tell who can hold it.
  await forgetSentNotifications(deps, userId);
  // Their views leave the objects of the members on the other side, then their own object is emptied.
  await eraseProfileViews(deps, userId);
  // Their conversations pass to the stand-in in the others' mailboxes, then their own mailbox is emptied.
  await handOverConversations(deps, userId, standInId);
  await runBatch(deps.db, [
    ...(await mentionRewrites(deps, userId, standInId)),
    ...eraseStatements(userId, standInId, request.id, at),
    finishStatement(userId),
    dropCursor(mailboxJob(userId)),
    dropCursor(standInJob(userId)),
  ]);
  // The account is gone now: what follows can fail without undoing it, so a failure is logged, not thrown.
  await endLiveSessions(deps, userId, { allBut: null }, 'account_deleted');
  const steps = await Promise.allSettled([
    deleteImages(deps.media, files.images),
    deleteMedia(deps.media, files.postMedia),
    deleteFiles(deps.media, files.attachments),
    deleteShareCards(deps.media, userId),
    sendMail(deps, deletionCompletedMail(member.email, member.firstName)),
  ]);
  for (const step of steps) if (step.status === 'rejected') console.error(`after deleting the account of request ${request.id}:`, step.reason);
}
