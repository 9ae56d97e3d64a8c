/**
 * "Interested in you" (GET /matching/interested-in-you): members who said Interested in the
 * viewer and whom the viewer has not answered (no "Interested" back, no "Not now" in force),
 * listed, onboarded and with no block either way, newest first. Premium members see who;
 * free members see how many (docs/decisions.md "Who is interested in you"). One query reads
 * the count and the page (index match_intents_candidate), a second the page's profiles.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { blockedEitherWay } from '../members/blocks';
import { isListed } from '../members/listed';
import { isLooking } from '../members/paused';
import { accountIsPremium } from '../premium/entitlements';
import { profileSummaries } from '../search/summaries';
import type { Account } from '../users/wire';
import { notAnswered } from '../matching/candidates';
import type { InterestedInYou } from './schemas';
import { accountMatchProfile, MATCH_COLUMNS, type MatchRow, toMatchCandidate } from '../matching/profiles';
import { MEMBER_CARD_JOINS } from '../members/cards';
import { matchScore } from '../matching/score';

/** The waiting members of the viewer at `now`, newest first: at most `limit` ids, and how many in all. */
export async function waitingFor(deps: Pick<Deps, 'db'>, viewerId: string, now: string, limit: number): Promise<{ total: number; rows: { id: string; at: string }[] }> {
  const rows = await deps.db.all<{ id: string; at: string; total: number }>(sql`
    WITH waiting AS (
      SELECT mi.user_id AS id, mi.created_at AS at FROM match_intents mi JOIN users u ON u.id = mi.user_id
      WHERE mi.candidate_id = ${viewerId} AND mi.kind = 'interested'
        AND ${notAnswered(sql`mi.user_id`, viewerId, now)}
        AND u.onboarded = 1 AND NOT ${blockedEitherWay(viewerId, sql`mi.user_id`)} AND ${isListed(sql`mi.user_id`)} AND ${isLooking(sql`mi.user_id`)}
    )
    SELECT (SELECT count(*) FROM waiting) AS total, w.id, w.at FROM (SELECT 1) LEFT JOIN (SELECT id, at FROM waiting ORDER BY at DESC LIMIT ${limit}) w`);
  const total = rows[0]?.total ?? 0;
  return { total, rows: rows.flatMap((row) => (row.id ? [{ id: row.id, at: row.at }] : [])) };
}

/** The viewer's queue: the people for Premium members, the count for free members. */
export async function interestedInYou(deps: Pick<Deps, 'db' | 'clock'>, account: Account, limit: number): Promise<InterestedInYou> {
  const viewerId = account.user.id;
  const premium = accountIsPremium(account);
  const { total, rows } = await waitingFor(deps, viewerId, deps.clock.now().toISOString(), premium ? limit : 0);
  if (!premium || rows.length === 0) return { total, premium, locked: premium ? 0 : total, data: [] };
  const ids = rows.map((row) => row.id);
  const viewer = accountMatchProfile(account);
  const [summaries, candidates] = await Promise.all([
    profileSummaries(deps, ids, viewerId),
    deps.db.all<MatchRow>(sql`SELECT ${MATCH_COLUMNS} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`),
  ]);
  const profiles = new Map(candidates.map((row) => [row.m_id, toMatchCandidate(row).profile]));
  const data = rows.flatMap((row) => {
    const member = summaries.get(row.id);
    const profile = profiles.get(row.id);
    if (!member) return [];
    // Someone interested in you may not pass your must-haves: they still wait for your answer, unscored.
    const result = profile ? matchScore(viewer, profile) : null;
    return [{ member, score: result?.score ?? 0, reasons: result?.reasons ?? [], interestedAt: row.at }];
  });
  return { total, premium, locked: 0, data };
}
