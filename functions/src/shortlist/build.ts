/**
 * One member's weekly shortlist: the candidates matching would suggest (matching/candidates.ts:
 * no one answered, connected, asked, blocked or leaving), less anyone shortlisted to them before,
 * anyone they matched and anyone not seen in ACTIVE_DAYS, picked by pick.ts; stored, then told
 * through the delivery door (in the app, by push or by mail as the member's `introductions`
 * preference says). The shortlist row is claimed first (one per member and week), so two runs
 * never both send one.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { deliver } from '../notifications/deliver';
import { matchCandidates } from '../matching/candidates';
import type { MatchCandidate, MatchProfile } from '../matching/profiles';
import { profileSummaries } from '../search/summaries';
import { type Outcomes, pickShortlist, type ShortlistPick } from './pick';
import { SHORTLIST_PATH, shortlistMail } from './mail';

/** A candidate must have used the app within this many days. */
export const ACTIVE_DAYS = 30;
const DAY = 24 * 3_600_000;

export type ShortlistDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'live' | 'notifications' | 'mailer'>;

/** The candidates of every type the member is matched with: founders see co-founders and advisors. */
async function candidatesOf(deps: ShortlistDeps, viewer: MatchProfile, userId: string, now: Date): Promise<MatchCandidate[]> {
  if (viewer.memberType === 'advisor') return matchCandidates(deps, viewer, userId, 'founder', now);
  const [founders, advisors] = await Promise.all([matchCandidates(deps, viewer, userId, 'founder', now), matchCandidates(deps, viewer, userId, 'advisor', now)]);
  return [...founders, ...advisors];
}

/** Of `ids`, those new to the member's shortlists, not matched with them and active lately, with how their matches went. */
async function eligible(deps: ShortlistDeps, userId: string, ids: string[], now: Date): Promise<Map<string, Outcomes>> {
  const since = new Date(now.getTime() - ACTIVE_DAYS * DAY).toISOString();
  const rows = await deps.db.all<{ id: string; good: number; not_a_fit: number }>(sql`
    SELECT c.value AS id,
      (SELECT count(*) FROM match_checkins k WHERE k.other_id = c.value AND k.outcome = 'good') AS good,
      (SELECT count(*) FROM match_checkins k WHERE k.other_id = c.value AND k.outcome = 'not_a_fit') AS not_a_fit
    FROM json_each(${JSON.stringify(ids)}) c
    WHERE NOT EXISTS (SELECT 1 FROM shortlist_picks p WHERE p.user_id = ${userId} AND p.candidate_id = c.value)
      AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.pair_key = (CASE WHEN c.value < ${userId} THEN c.value || ':' || ${userId} ELSE ${userId} || ':' || c.value END))
      AND EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = c.value AND s.last_seen_at > ${since})`);
  return new Map(rows.map((row) => [row.id, { good: row.good, notAFit: row.not_a_fit }]));
}

/** The picks for the member now (nothing stored). */
export async function pickFor(deps: ShortlistDeps, userId: string, viewer: MatchProfile, now: Date): Promise<ShortlistPick[]> {
  const candidates = await candidatesOf(deps, viewer, userId, now);
  if (candidates.length === 0) return [];
  const outcomes = await eligible(
    deps,
    userId,
    candidates.map((candidate) => candidate.userId),
    now,
  );
  return pickShortlist(
    viewer,
    candidates.filter((candidate) => outcomes.has(candidate.userId)),
    outcomes,
  );
}

/**
 * Builds, stores and sends the member's shortlist of `week`; answers how many members it holds,
 * or null when another run had made it. A week with nobody new stores an empty shortlist and
 * tells nothing.
 */
export async function buildShortlist(deps: ShortlistDeps, userId: string, viewer: MatchProfile, week: string): Promise<number | null> {
  const now = deps.clock.now();
  const claimed = await deps.db.run(sql`INSERT OR IGNORE INTO shortlists (user_id, week, created_at) VALUES (${userId}, ${week}, ${now.toISOString()})`);
  if (claimed.meta.changes !== 1) return null;
  const picks = await pickFor(deps, userId, viewer, now);
  if (picks.length === 0) return 0;
  await deps.db.run(sql`INSERT OR IGNORE INTO shortlist_picks (user_id, candidate_id, week, rank, score, reasons)
    SELECT ${userId}, json_extract(value, '$.userId'), ${week}, key, json_extract(value, '$.score'), json_extract(value, '$.reasons')
    FROM json_each(${JSON.stringify(picks)})`);
  const members = await profileSummaries(
    deps,
    picks.map((pick) => pick.userId),
  );
  const named = picks.flatMap((pick) => {
    const member = members.get(pick.userId);
    return member ? [{ name: member.name || 'A member', reason: pick.reasons[0] ?? null }] : [];
  });
  const title = 'This week’s shortlist';
  const body = `${named.length === 1 ? '1 new member fits' : `${named.length} new members fit`} you both ways: ${named.map((member) => member.name).join(', ')}.`;
  await deliver(deps, {
    userId,
    senderId: null,
    kind: 'shortlist.weekly',
    title,
    body,
    link: SHORTLIST_PATH,
    refId: week,
    eventId: `shortlist.weekly:${userId}:${week}`,
    mail: shortlistMail(named, deps.config.appUrl),
  });
  return picks.length;
}
