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

const HOUR = 3_600_000;
export const DIGEST_PERIODS = { daily: 24 * HOUR, weekly: 7 * 24 * HOUR } as const;
/** Members read per query (in id order), and queries per run at most; the rest on the next run. */
const BATCH = 500;
const MAX_PAGES = 10;

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

/** Sends the digests that are due; answers how many went out. */
export async function sendDigests(deps: MissedMailDeps & DigestCountDeps, secret: string): Promise<number> {
  const now = deps.clock.now();
  const day = dayOf(now);
  // Profile views and notifications live in each member's objects (profiles/views-store.ts,
  // notifications/store.ts), which D1 cannot see: a candidate is any member whose digest is
  // due (by frequency, not sent today); digestCounts then decides, and a member whose counts
  // are all zero gets no mail. A run reads at most BATCH × MAX_PAGES = 5,000 candidates and
  // makes two object calls for each (notifications, views): at most 10,000, plus one D1 query
  // per candidate whose counted notifications name a sender. Members left over wait an hour.
  // At scale the scan from the first id wants a cursor or a due-date index (docs/scale.md).
  const dueBefore = {
    daily: new Date(now.getTime() - DIGEST_PERIODS.daily + HOUR).toISOString(),
    weekly: new Date(now.getTime() - DIGEST_PERIODS.weekly + HOUR).toISOString(),
  };
  const page = (after: string) =>
    deps.db.all<CandidateRow>(sql`
    SELECT * FROM (
      SELECT u.id, u.email, u.first_name, ${digestFrequency(sql`u.id`)} AS frequency,
        (SELECT max(l.sent_at) FROM mail_log l WHERE l.user_id = u.id AND l.kind = 'digest') AS last_at
      FROM users u
      WHERE u.id > ${after} AND ${digestFrequency(sql`u.id`)} <> 'off' AND ${mailable('u', 'digest')}
        AND NOT EXISTS (SELECT 1 FROM mail_log l WHERE l.user_id = u.id AND l.kind = 'digest' AND l.day = ${day})) c
    WHERE c.last_at IS NULL OR c.last_at <= CASE c.frequency WHEN 'daily' THEN ${dueBefore.daily} ELSE ${dueBefore.weekly} END
    ORDER BY c.id LIMIT ${BATCH}`);
  let sent = 0;
  let after = '';
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const candidates = await page(after);
    for (const member of candidates) {
      const period = DIGEST_PERIODS[member.frequency];
      if (member.last_at && new Date(member.last_at).getTime() > now.getTime() - period + HOUR) continue;
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
    if (candidates.length < BATCH) break;
    after = candidates[candidates.length - 1]!.id;
  }
  return sent;
}
