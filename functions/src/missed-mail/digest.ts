/**
 * The digest: daily or weekly (the member's choice in push/preferences, default weekly; off
 * sends none) it sums up the new connection requests, profile views, mentions and replies
 * since the last digest (or over the last period, for the first). Nothing happened: no mail.
 * Run from the hourly trigger; a digest is due once its period has passed since the last one
 * (an hour of slack, so a daily digest keeps its hour). mail_log keeps one per member and day.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { visibleSenders } from '../notifications/notify';
import { type DigestCounts, digestIsEmpty, digestMail } from './mails';
import { digestFrequency, mailable } from './reach';
import { dayOf, type MissedMailDeps } from './unread';
import { profileViewsSince, type ViewStoreDeps } from '../profiles/views';
import { listUnsubscribeHeaders, unsubscribeUrl } from './unsubscribe';
import { readCursor, saveCursor } from '../jobs/cursor';

const HOUR = 3_600_000;
export const DIGEST_PERIODS = { daily: 24 * HOUR, weekly: 7 * 24 * HOUR } as const;
/**
 * Candidates a run looks at, at most. Each costs at most two object calls (notifications,
 * views) and three D1 queries (the senders' visibility, the mail_log claim, its release when
 * the mail fails): 150 × 5 = 750, plus the cursor's read and write and at most two pages, so
 * a run stays under D1's 1,000 queries per invocation. The cursor (job_cursors) carries the
 * next run on from where this one stopped, wrapping round to the first member.
 */
export const DIGEST_CANDIDATES_PER_RUN = 150;
const DIGEST_JOB = 'digest';

/** The notification kinds each count of the digest sums. */
const COUNTED_KINDS: Record<string, 'connectionRequests' | 'mentions' | 'replies'> = {
  'connection.requested': 'connectionRequests',
  'post.mentioned': 'mentions',
  'comment.mentioned': 'mentions',
  'post.commented': 'replies',
  'comment.replied': 'replies',
};

/** Deps of a digest's counts: D1 (senders), the member's notifications and views objects. */
export type DigestCountDeps = Pick<MissedMailDeps, 'db'> & ViewStoreDeps & Pick<Deps, 'notifications'>;

type CandidateRow = { id: string; email: string; first_name: string; frequency: 'daily' | 'weekly'; last_at: string | null };

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
  const counts: DigestCounts = { connectionRequests: 0, profileViews, mentions: 0, replies: 0 };
  for (const group of counted) if (group.senderId === null || visible.has(group.senderId)) counts[COUNTED_KINDS[group.kind]!] += group.n;
  return counts;
}

/** Sends the digests that are due among the next `perRun` candidates; answers how many went out. */
export async function sendDigests(deps: MissedMailDeps & DigestCountDeps, secret: string, perRun = DIGEST_CANDIDATES_PER_RUN): Promise<number> {
  const now = deps.clock.now();
  const day = dayOf(now);
  // Profile views and notifications live in each member's objects (profiles/views-store.ts,
  // notifications/store.ts), which D1 cannot see: a candidate is any member whose digest is
  // due (by frequency, not sent today); digestCounts then decides, and a member whose counts
  // are all zero gets no mail. A run reads at most `perRun` candidates from the cursor on
  // (then from the first member, up to the cursor), so zero-count members never starve the rest.
  const dueBefore = {
    daily: new Date(now.getTime() - DIGEST_PERIODS.daily + HOUR).toISOString(),
    weekly: new Date(now.getTime() - DIGEST_PERIODS.weekly + HOUR).toISOString(),
  };
  const page = (after: string, upTo: string | null, limit: number) =>
    deps.db.all<CandidateRow>(sql`
    SELECT * FROM (
      SELECT u.id, u.email, u.first_name, ${digestFrequency(sql`u.id`)} AS frequency,
        (SELECT max(l.sent_at) FROM mail_log l WHERE l.user_id = u.id AND l.kind = 'digest') AS last_at
      FROM users u
      WHERE u.id > ${after} AND (${upTo} IS NULL OR u.id <= ${upTo}) AND ${digestFrequency(sql`u.id`)} <> 'off' AND ${mailable('u', 'digest')}
        AND NOT EXISTS (SELECT 1 FROM mail_log l WHERE l.user_id = u.id AND l.kind = 'digest' AND l.day = ${day})) c
    WHERE c.last_at IS NULL OR c.last_at <= CASE c.frequency WHEN 'daily' THEN ${dueBefore.daily} ELSE ${dueBefore.weekly} END
    ORDER BY c.id LIMIT ${limit}`);
  const cursor = await readCursor(deps, DIGEST_JOB);
  const candidates = await page(cursor, null, perRun);
  if (candidates.length < perRun && cursor !== '') candidates.push(...(await page('', cursor, perRun - candidates.length)));
  // A full run leaves the cursor at its last member; a short one has seen every due member.
  await saveCursor(deps, DIGEST_JOB, candidates.length === perRun ? candidates[candidates.length - 1]!.id : '', now.toISOString());
  let sent = 0;
  for (const member of candidates) {
    const period = DIGEST_PERIODS[member.frequency];
    const since = member.last_at ?? new Date(now.getTime() - period).toISOString();
    const counts = await digestCounts(deps, member.id, since);
    if (digestIsEmpty(counts)) continue;
    const claim = await deps.db.run(sql`INSERT INTO mail_log (user_id, kind, ref_id, day, sent_at)
      VALUES (${member.id}, 'digest', '', ${day}, ${now.toISOString()}) ON CONFLICT DO NOTHING`);
    if (claim.meta.changes === 0) continue;
    try {
      await deps.mailer.send(
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
      sent++;
    } catch (error) {
      console.error(`missed mail: digest to ${member.id} failed`, error);
      await deps.db.run(sql`DELETE FROM mail_log WHERE user_id = ${member.id} AND kind = 'digest' AND day = ${day}`);
    }
  }
  return sent;
}
