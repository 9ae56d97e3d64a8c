/**
 * "Did you meet? How did it go?" (docs/product.md "Weekly shortlist"): CHECKIN_DAYS after a
 * match, each side is asked once (a `match.checkin` notification linking to the form at the
 * top of the matching screen, pushed as their `introductions` preference says); the answer
 * (met yes/no; if yes: good, okay or not a fit) is kept and may be changed. The shortlist ranks
 * by the answers others gave about a candidate's matches (pick.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { matchCheckins } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../errors';
import { deliver } from '../notifications/deliver';
import { profileSummaries } from '../search/summaries';
import type { ShortlistDeps } from './build';
import type { CheckinAnswer, OpenCheckin } from './schemas';

/** Days after a match its question is asked. */
export const CHECKIN_DAYS = 7;
/** A match older than this many days is no longer asked about (the job was down, or it predates the question). */
const ASK_UNTIL_DAYS = 30;
/** Matches asked about per run at most. */
const BATCH = 200;
const DAY = 24 * 3_600_000;

export const CHECKIN_MESSAGES = {
  notFound: 'There is no question about this match for you',
  outcomeNeeded: 'outcome: say how it went when you met',
} as const;

/** The path of a match's question: the matching screen opens its form. */
export const checkinPath = (matchId: string) => `/matching?checkin=${encodeURIComponent(matchId)}#checkin`;

/** Asks both sides of the matches made CHECKIN_DAYS ago and not asked yet; answers how many members were asked. */
export async function askDueCheckins(deps: ShortlistDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const due = await deps.db.all<{ id: string; first_id: string; second_id: string }>(sql`
    SELECT m.id, m.first_id, m.second_id FROM matches m
    WHERE m.created_at <= ${new Date(now - CHECKIN_DAYS * DAY).toISOString()} AND m.created_at > ${new Date(now - ASK_UNTIL_DAYS * DAY).toISOString()}
      AND NOT EXISTS (SELECT 1 FROM match_checkins k WHERE k.match_id = m.id)
    ORDER BY m.created_at LIMIT ${BATCH}`);
  if (due.length === 0) return 0;
  const at = new Date(now).toISOString();
  const cards = await profileSummaries(deps, [...new Set(due.flatMap((match) => [match.first_id, match.second_id]))]);
  let asked = 0;
  for (const match of due) {
    for (const [userId, otherId] of [
      [match.first_id, match.second_id],
      [match.second_id, match.first_id],
    ] as const) {
      const stored = await deps.db.run(sql`INSERT OR IGNORE INTO match_checkins (match_id, user_id, other_id, asked_at) VALUES (${match.id}, ${userId}, ${otherId}, ${at})`);
      if (stored.meta.changes !== 1) continue;
      const name = cards.get(otherId)?.name || 'your match';
      try {
        await deliver(deps, {
          userId,
          senderId: otherId,
          kind: 'match.checkin',
          title: `Did you meet ${name}?`,
          body: `You matched with ${name} a week ago. How did it go? Your answer helps your next shortlists.`,
          link: checkinPath(match.id),
          refId: match.id,
          eventId: `match.checkin:${match.id}:${userId}`,
        });
        asked += 1;
      } catch (error) {
        // The question stays open on the matching screen; only the notice was lost.
        console.error(`check-in of match ${match.id} for ${userId} failed`, error);
      }
    }
  }
  return asked;
}

/** The member's open questions, oldest first, with the other member. */
export async function openCheckins(deps: Pick<Deps, 'db'>, userId: string): Promise<OpenCheckin[]> {
  const rows = await deps.db
    .select()
    .from(matchCheckins)
    .where(and(eq(matchCheckins.userId, userId), isNull(matchCheckins.answeredAt)))
    .orderBy(matchCheckins.askedAt)
    .limit(10);
  const members = await profileSummaries(
    deps,
    rows.map((row) => row.otherId),
    userId,
  );
  return rows.flatMap((row) => {
    const member = members.get(row.otherId);
    return member ? [{ matchId: row.matchId, member, askedAt: row.askedAt }] : [];
  });
}

/** Keeps the member's answer about the match (asked of them); answers it as stored. */
export async function answerCheckin(deps: Pick<Deps, 'db' | 'clock'>, userId: string, matchId: string, answer: CheckinAnswer): Promise<CheckinAnswer & { answeredAt: string }> {
  if (answer.met && !answer.outcome) throw new ApiError(400, CHECKIN_MESSAGES.outcomeNeeded);
  const outcome = answer.met ? (answer.outcome ?? null) : null;
  const answeredAt = deps.clock.now().toISOString();
  const updated = await deps.db
    .update(matchCheckins)
    .set({ met: answer.met, outcome, answeredAt })
    .where(and(eq(matchCheckins.matchId, matchId), eq(matchCheckins.userId, userId)))
    .returning({ matchId: matchCheckins.matchId });
  if (updated.length === 0) throw new ApiError(404, CHECKIN_MESSAGES.notFound);
  return { met: answer.met, ...(outcome ? { outcome } : {}), answeredAt };
}
