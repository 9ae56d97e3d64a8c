/**
 * The digest: daily or weekly (the member's choice in push/preferences, default weekly; off
 * sends none) it sums up the new connection requests, profile views, mentions, replies and saved searches with new members
 * since the last digest (or over the last period, for the first). Nothing happened: no mail.
 * A digest is due once its period has passed since the last one (an hour of slack, so a daily
 * digest keeps its hour); mail_log keeps one per member and day. The hourly trigger puts the
 * due members' ids on a queue and the queue's consumer sends them (digest-queue.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { visibleSenders } from '../notifications/unseen';
import { type DigestCounts, digestIsEmpty, digestMail } from './mails';
import { digestFrequency, mailable } from './reach';
import { dayOf, type MissedMailDeps } from './unread';
import { profileViewsSince, type ViewStoreDeps } from '../profiles/views';
import { listUnsubscribeHeaders, unsubscribeUrl } from './unsubscribe';
import { sendMail } from '../notifications/deliver';

const HOUR = 3_600_000;
export const DIGEST_PERIODS = { daily: 24 * HOUR, weekly: 7 * 24 * HOUR } as const;

/** The digest's due-member list as the producer reads it (ids) and the consumer (whole rows). */
export type CandidateRow = { id: string; email: string; first_name: string; frequency: 'daily' | 'weekly'; last_at: string | null };

/**
 * The members in `scope` (SQL on users `u`) whose digest is due at `now`, in id order, at most
 * `limit`: not off, mailable, none sent this UTC day, and the period (less the hour of slack)
 * passed since the last one, or none yet. Profile views and notifications live in each
 * member's objects, which D1 cannot see: digestCounts then decides, and a member whose counts
 * are all zero gets no mail.
 */
export function dueMembers(now: Date, scope: SQL, limit: number, columns: 'ids' | 'rows') {
  const dueBefore = {
    daily: new Date(now.getTime() - DIGEST_PERIODS.daily + HOUR).toISOString(),
    weekly: new Date(now.getTime() - DIGEST_PERIODS.weekly + HOUR).toISOString(),
  };
  return sql`
    SELECT ${sql.raw(columns === 'ids' ? 'c.id' : 'c.*')} FROM (
      SELECT u.id, u.email, u.first_name, ${digestFrequency(sql`u.id`)} AS frequency,
        (SELECT max(l.sent_at) FROM mail_log l WHERE l.user_id = u.id AND l.kind = 'digest') AS last_at
      FROM users u
      WHERE ${scope} AND ${digestFrequency(sql`u.id`)} <> 'off' AND ${mailable('u', 'digest')}
        AND NOT EXISTS (SELECT 1 FROM mail_log l WHERE l.user_id = u.id AND l.kind = 'digest' AND l.day = ${dayOf(now)})) c
    WHERE c.last_at IS NULL OR c.last_at <= CASE c.frequency WHEN 'daily' THEN ${dueBefore.daily} ELSE ${dueBefore.weekly} END
    ORDER BY c.id LIMIT ${limit}`;
}

/** The notification kinds each count of the digest sums. */
const COUNTED_KINDS: Record<string, 'connectionRequests' | 'mentions' | 'replies' | 'savedSearches'> = {
  'connection.requested': 'connectionRequests',
  'post.mentioned': 'mentions',
  'comment.mentioned': 'mentions',
  'post.commented': 'replies',
  'comment.replied': 'replies',
  'search.new_matches': 'savedSearches',
};

/** Deps of a digest's counts: D1 (senders), the member's notifications and views objects. */
export type DigestCountDeps = Pick<MissedMailDeps, 'db'> & ViewStoreDeps & Pick<Deps, 'notifications'>;

/**
 * What the member got since `since` (ISO), from the member's own objects side by side: the
 * notifications counted by kind and sender, the profile views. Senders gone or blocked either
 * way are not counted (one D1 query, only when some sender is named), as the list shows them.
 */
export async function digestCounts(deps: DigestCountDeps, userId: string, since: string): Promise<DigestCounts> {
  const [groups, profileViews] = await Promise.all([deps.notifications.of(userId).countsSince(since), profileViewsSince(deps, userId, since)]);
  const counted = groups.filter((group) => COUNTED_KINDS[group.kind]);
  const visible = await visibleSenders(
    deps,
    userId,
    counted.flatMap((group) => (group.senderId ? [group.senderId] : [])),
  );
  const counts: DigestCounts = { connectionRequests: 0, profileViews, mentions: 0, replies: 0, savedSearches: 0 };
  for (const group of counted) if (group.senderId === null || visible.has(group.senderId)) counts[COUNTED_KINDS[group.kind]!] += group.n;
  return counts;
}

/** What became of one member's digest: sent, nothing to send (or not due), or failed (to retry). */
export type DigestOutcome = 'sent' | 'skipped' | 'failed';

/**
 * Sends the digests of `userIds` that are due now (re-read here, so a member who changed their
 * choice, was suspended or already got today's digest gets none), telling `done` each member's
 * outcome as soon as it is known. Costs one D1 query, then for each due member at most two
 * object calls (notifications, views), three D1 queries (the senders' visibility, the
 * mail_log claim, its release when the mail fails) and the send. The claim (one per member
 * and UTC day) makes a second delivery of the same member send nothing; a failed send gives
 * it back, so a retry can send.
 */
export async function sendDigestsTo(
  deps: MissedMailDeps & DigestCountDeps,
  secret: string,
  userIds: readonly string[],
  done: (userId: string, outcome: DigestOutcome) => void,
): Promise<void> {
  const now = deps.clock.now();
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const due = await deps.db.all<CandidateRow>(dueMembers(now, sql`u.id IN (SELECT value FROM json_each(${JSON.stringify(unique)}))`, unique.length, 'rows'));
  const dueIds = new Set(due.map((member) => member.id));
  for (const id of unique) if (!dueIds.has(id)) done(id, 'skipped');
  for (const member of due) done(member.id, await sendDigest(deps, secret, member, now));
}

async function sendDigest(deps: MissedMailDeps & DigestCountDeps, secret: string, member: CandidateRow, now: Date): Promise<DigestOutcome> {
  const day = dayOf(now);
  const since = member.last_at ?? new Date(now.getTime() - DIGEST_PERIODS[member.frequency]).toISOString();
  let counts: DigestCounts;
  try {
    counts = await digestCounts(deps, member.id, since);
  } catch (error) {
    console.error(`missed mail: digest counts of ${member.id} failed`, error);
    return 'failed';
  }
  if (digestIsEmpty(counts)) return 'skipped';
  const claim = await deps.db.run(sql`INSERT INTO mail_log (user_id, kind, ref_id, day, sent_at)
    VALUES (${member.id}, 'digest', '', ${day}, ${now.toISOString()}) ON CONFLICT DO NOTHING`);
  if (claim.meta.changes === 0) return 'skipped';
  try {
    await sendMail(
      deps,
      digestMail({
        to: member.email,
        firstName: member.first_name,
        frequency: member.frequency,
        counts,
        appUrl: deps.config.appUrl,
        unsubscribeUrl: await unsubscribeUrl(deps.config.appUrl, secret, member.id, 'digest'),
        headers: await listUnsubscribeHeaders(deps.config.appUrl, secret, member.id, 'digest'),
      }),
    );
    return 'sent';
  } catch (error) {
    console.error(`missed mail: digest to ${member.id} failed`, error);
    await deps.db.run(sql`DELETE FROM mail_log WHERE user_id = ${member.id} AND kind = 'digest' AND day = ${day}`);
    return 'failed';
  }
}
