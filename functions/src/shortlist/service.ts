/** The member's shortlist as the matching screen shows it: the latest week's unanswered picks, the next one's time and the open check-ins. */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { notAnswered } from '../matching/candidates';
import { cityTimeZone } from '../office-hours/time-zone';
import { profileSummaries } from '../search/summaries';
import { openCheckins } from './checkins';
import { nextShortlistAt } from './schedule';
import type { Shortlist } from './schemas';

/** The shortlist view of the member. */
export async function shortlistOf(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<Shortlist> {
  const now = deps.clock.now();
  const [latest] = await deps.db.all<{ week: string }>(sql`SELECT week FROM shortlists WHERE user_id = ${userId} ORDER BY week DESC LIMIT 1`);
  const rows = latest
    ? await deps.db.all<{ candidate_id: string; score: number; reasons: string }>(sql`
        SELECT p.candidate_id, p.score, p.reasons FROM shortlist_picks p
        WHERE p.user_id = ${userId} AND p.week = ${latest.week} AND ${notAnswered(sql`p.candidate_id`, userId, now.toISOString())}
        ORDER BY p.rank`)
    : [];
  const members = await profileSummaries(
    deps,
    rows.map((row) => row.candidate_id),
    userId,
  );
  const picks = rows.flatMap((row) => {
    const member = members.get(row.candidate_id);
    return member ? [{ member, score: row.score, reasons: JSON.parse(row.reasons) as string[] }] : [];
  });
  const zone = (await cityTimeZone(deps, userId)) ?? 'UTC';
  return { week: latest?.week ?? null, picks, nextAt: nextShortlistAt(now, zone, userId).toISOString(), checkins: await openCheckins(deps, userId) };
}
