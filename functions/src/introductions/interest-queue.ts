/**
 * "Interested in you" (GET /matching/interested-in-you): members who said Interested in the
 * viewer and whom the viewer has not answered (no "Interested" back, no "Not now" in force),
 * listed, onboarded and with no block either way, newest first. Premium members see who;
 * free members see how many (docs/decisions.md "Who is interested in you"). One query reads
 * the count and the page (index match_intents_candidate) with the page's summaries and match
 * fields; the viewer's own match profile comes from their account.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { blockedEitherWay } from '../members/blocks';
import { isListed } from '../members/listed';
import { isLooking } from '../members/paused';
import { accountIsPremium } from '../premium/entitlements';
import { type SummaryRow, summaryColumns, toProfileSummary } from '../search/summaries';
import type { Account } from '../users/wire';
import { notAnswered } from '../matching/candidates';
import type { InterestedInYou } from './schemas';
import { accountMatchProfile, MATCH_FIELDS, type MatchRow, toMatchCandidate } from '../matching/profiles';
import { MEMBER_CARD_JOINS } from '../members/cards';
import { matchScore } from '../matching/score';

/** Members who said Interested in the viewer and wait for their answer at `now`, as `waiting (id, at)`. */
function waitingSql(viewerId: string, now: string): SQL {
  return sql`waiting AS (
      SELECT mi.user_id AS id, mi.created_at AS at FROM match_intents mi JOIN users u ON u.id = mi.user_id
      WHERE mi.candidate_id = ${viewerId} AND mi.kind = 'interested'
        AND ${notAnswered(sql`mi.user_id`, viewerId, now)}
        AND u.onboarded = 1 AND NOT ${blockedEitherWay(viewerId, sql`mi.user_id`)} AND ${isListed(sql`mi.user_id`)} AND ${isLooking(sql`mi.user_id`)}
    )`;
}

/** The waiting members of the viewer at `now`, newest first: at most `limit` ids, and how many in all. */
export async function waitingFor(deps: Pick<Deps, 'db'>, viewerId: string, now: string, limit: number): Promise<{ total: number; rows: { id: string; at: string }[] }> {
  const rows = await deps.db.all<{ id: string; at: string; total: number }>(sql`
    WITH ${waitingSql(viewerId, now)}
    SELECT (SELECT count(*) FROM waiting) AS total, w.id, w.at FROM (SELECT 1) LEFT JOIN (SELECT id, at FROM waiting ORDER BY at DESC LIMIT ${limit}) w`);
  const total = rows[0]?.total ?? 0;
  return { total, rows: rows.flatMap((row) => (row.id ? [{ id: row.id, at: row.at }] : [])) };
}

type QueueRow = SummaryRow & MatchRow & { q_total: number; q_at: string | null };

/** The viewer's queue: the people for Premium members (the count, the page, their summaries and match fields in one query), the count for free members. */
export async function interestedInYou(deps: Pick<Deps, 'db' | 'clock'>, account: Account, limit: number): Promise<InterestedInYou> {
  const viewerId = account.user.id;
  const premium = accountIsPremium(account);
  const now = deps.clock.now().toISOString();
  if (!premium) {
    const { total } = await waitingFor(deps, viewerId, now, 0);
    return { total, premium, locked: total, data: [] };
  }
  const rows = await deps.db.all<QueueRow>(sql`
    WITH ${waitingSql(viewerId, now)}
    SELECT (SELECT count(*) FROM waiting) AS q_total, w.at AS q_at, ${summaryColumns(viewerId)}, u.created_at AS m_joined, ${MATCH_FIELDS}
    FROM (SELECT 1) LEFT JOIN (SELECT id, at FROM waiting ORDER BY at DESC LIMIT ${limit}) w
      LEFT JOIN users u ON u.id = w.id ${MEMBER_CARD_JOINS}
    ORDER BY w.at DESC`);
  const total = rows[0]?.q_total ?? 0;
  const viewer = accountMatchProfile(account);
  const data = rows.flatMap((row) => {
    if (row.q_at === null || row.m_id === null) return [];
    // Someone interested in you may not pass your must-haves: they still wait for your answer, unscored.
    const result = matchScore(viewer, toMatchCandidate(row).profile);
    return [{ member: toProfileSummary(row), score: result?.score ?? 0, reasons: result?.reasons ?? [], interestedAt: row.q_at }];
  });
  return { total, premium, locked: 0, data };
}
