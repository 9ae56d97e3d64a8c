/**
 * The intent writes: "Interested", "Not now" and their undo. Each is decided by the D1
 * statements that write it (D1 runs one database's statements one at a time, and a batch as
 * one transaction), never by a read before:
 * - "Interested" is stored only while the member's interests this week are under their
 *   limit (the count is inside the INSERT), so concurrent clicks cannot pass it;
 * - in the same batch, the match is made when the candidate is interested too: of two
 *   members saying yes at the same moment, the batch that runs second sees both rows and
 *   makes the one match (pair_key is unique besides), and it connects the two (accepting a
 *   request between them, or adding the accepted connection).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { runBatch } from '../db/batch';
import { pairKey } from '../connections/repository';
import { blockedEitherWay } from '../members/blocks';

/** Interests given since `since` (the weekly count), in SQL. */
export function interestsSince(userId: string, since: string) {
  return sql`(SELECT count(*) FROM match_intents WHERE user_id = ${userId} AND kind = 'interested' AND created_at >= ${since})`;
}

export type InterestWrite = {
  userId: string;
  candidateId: string;
  at: string;
  /** The week's first instant and the member's limit in it. */
  weekStart: string;
  limit: number;
  /** Ids for the match and the connection, used only when the write makes them. */
  matchId: string;
  connectionId: string;
};

export type InterestOutcome = { stored: true; matchId: string | null } | { stored: false };

/** Stores "Interested" (a "Not now" of the member's turns into it) and makes the match when both are. */
export async function writeInterest(db: Db, write: InterestWrite): Promise<InterestOutcome> {
  const { userId, candidateId, at, weekStart, limit, matchId, connectionId } = write;
  const key = pairKey(userId, candidateId);
  const made = sql`EXISTS (SELECT 1 FROM matches WHERE id = ${matchId})`;
  const [intent, match] = await runBatch(db, [
    sql`INSERT INTO match_intents (user_id, candidate_id, kind, created_at, expires_at)
      SELECT ${userId}, ${candidateId}, 'interested', ${at}, NULL
      WHERE ${interestsSince(userId, weekStart)} < ${limit} AND NOT ${blockedEitherWay(userId, candidateId)}
      ON CONFLICT (user_id, candidate_id) DO UPDATE SET kind = 'interested', created_at = excluded.created_at, expires_at = NULL
        WHERE match_intents.kind = 'not_now'`,
    sql`INSERT INTO matches (id, pair_key, first_id, second_id, connection_id, created_at)
      SELECT ${matchId}, ${key}, ${candidateId}, ${userId}, NULL, ${at}
      WHERE EXISTS (SELECT 1 FROM match_intents WHERE user_id = ${userId} AND candidate_id = ${candidateId} AND kind = 'interested' AND created_at = ${at})
        AND EXISTS (SELECT 1 FROM match_intents WHERE user_id = ${candidateId} AND candidate_id = ${userId} AND kind = 'interested')
      ON CONFLICT (pair_key) DO NOTHING`,
    sql`UPDATE connections SET status = 'accepted', responded_at = ${at}, updated_at = ${at}
      WHERE pair_key = ${key} AND status IN ('pending', 'ignored') AND ${made}`,
    sql`INSERT INTO connections (id, requester_id, receiver_id, pair_key, status, note, ignored_at, responded_at, created_at, updated_at)
      SELECT ${connectionId}, ${candidateId}, ${userId}, ${key}, 'accepted', NULL, NULL, ${at}, ${at}, ${at}
      WHERE ${made} AND NOT EXISTS (SELECT 1 FROM connections WHERE pair_key = ${key} AND status IN ('pending', 'accepted', 'ignored'))`,
    sql`UPDATE matches SET connection_id = (SELECT id FROM connections WHERE pair_key = ${key} AND status = 'accepted') WHERE id = ${matchId}`,
  ]);
  if (intent?.meta.changes !== 1) return { stored: false };
  return { stored: true, matchId: match?.meta.changes === 1 ? matchId : null };
}

/** Stores "Not now" until `expiresAt` (an earlier "Not now" is renewed; an "Interested" stays: undo it first). */
export async function writeNotNow(db: Db, write: { userId: string; candidateId: string; at: string; expiresAt: string }): Promise<boolean> {
  const { userId, candidateId, at, expiresAt } = write;
  const result = await db.run(sql`
    INSERT INTO match_intents (user_id, candidate_id, kind, created_at, expires_at) VALUES (${userId}, ${candidateId}, 'not_now', ${at}, ${expiresAt})
    ON CONFLICT (user_id, candidate_id) DO UPDATE SET created_at = excluded.created_at, expires_at = excluded.expires_at WHERE match_intents.kind = 'not_now'`);
  return result.meta.changes === 1;
}

/**
 * Takes back the member's answer on a candidate given at or after `since`, unless it made a
 * match; true when a row went.
 */
export async function deleteIntent(db: Db, userId: string, candidateId: string, since: string): Promise<boolean> {
  const result = await db.run(sql`
    DELETE FROM match_intents WHERE user_id = ${userId} AND candidate_id = ${candidateId} AND created_at >= ${since}
      AND NOT EXISTS (SELECT 1 FROM matches WHERE pair_key = ${pairKey(userId, candidateId)})`);
  return result.meta.changes === 1;
}

/** The member's answer on a candidate, and whether the two are matched. */
export async function intentBetween(
  db: Db,
  userId: string,
  candidateId: string,
): Promise<{ kind: 'interested' | 'not_now' | null; createdAt: string | null; matchId: string | null }> {
  const [row] = await db.all<{ kind: 'interested' | 'not_now' | null; created_at: string | null; match_id: string | null }>(sql`
    SELECT (SELECT kind FROM match_intents WHERE user_id = ${userId} AND candidate_id = ${candidateId}) AS kind,
      (SELECT created_at FROM match_intents WHERE user_id = ${userId} AND candidate_id = ${candidateId}) AS created_at,
      (SELECT id FROM matches WHERE pair_key = ${pairKey(userId, candidateId)}) AS match_id`);
  return { kind: row?.kind ?? null, createdAt: row?.created_at ?? null, matchId: row?.match_id ?? null };
}
