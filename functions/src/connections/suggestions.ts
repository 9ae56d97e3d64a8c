/**
 * "You might like": candidates from bounded pools (members with the most connections in
 * common, the newest founders and advisors, and members sharing the viewer's city or
 * industries), each already free of anyone the viewer is connected to, has a request with
 * either way, or has a block with either way; then ranked by the pure scorer in
 * suggestion-score.ts, which weighs their profiles the way matching does.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { loadMatchProfile, MATCH_FIELDS, type MatchFieldsRow, type MatchProfile, toMatchProfile } from '../matching/profiles';
import { suggestable } from '../matching/suggestable';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import type { Suggestion } from './schemas';
import { rankSuggestions, type Signal, type SuggestionCandidate, type SuggestionViewer } from './suggestion-score';
import { connectedWith } from '../members/connected';

/** Members taken from each pool before ranking. */
const POOL_SIZE = 100;

type PoolRow = MemberCardRow & MatchFieldsRow & { joined_at: string; shared: number };

/** A pool's select-list: the card, the match fields and the join date of the user `u`. */
const POOL_COLUMNS = sql`u.created_at AS joined_at, ${MEMBER_CARD_COLUMNS}, ${MATCH_FIELDS}`;

/**
 * The members with the most connections in common with the viewer: the connections of
 * the viewer's connections, counted, filtered and cut to the pool before any card is read.
 */
function sharedPool(deps: Pick<Deps, 'db'>, viewerId: string) {
  return deps.db.all<PoolRow>(sql`
    WITH mine(id) AS ${connectedWith(viewerId)},
    theirs(id) AS (
      SELECT c.receiver_id FROM mine JOIN connections c ON c.requester_id = mine.id AND c.status = 'accepted'
      UNION ALL SELECT c.requester_id FROM mine JOIN connections c ON c.receiver_id = mine.id AND c.status = 'accepted'),
    shared(id, n) AS (SELECT id, count(*) FROM theirs WHERE id <> ${viewerId} GROUP BY id),
    best(id, n) AS (
      SELECT s.id, s.n FROM shared s JOIN users u ON u.id = s.id
      WHERE ${suggestable(sql.raw('s.id'), viewerId)}
      ORDER BY s.n DESC, u.created_at DESC LIMIT ${POOL_SIZE})
    SELECT best.n AS shared, ${POOL_COLUMNS}
    FROM best JOIN users u ON u.id = best.id ${MEMBER_CARD_JOINS}`);
}

/** The newest members of one type (index users_onboarded_type_created). */
function newestPool(deps: Pick<Deps, 'db'>, viewerId: string, memberType: 'founder' | 'advisor') {
  return deps.db.all<PoolRow>(sql`
    SELECT 0 AS shared, ${POOL_COLUMNS}
    FROM users u ${MEMBER_CARD_JOINS}
    WHERE u.member_type = ${memberType} AND ${suggestable(sql.raw('u.id'), viewerId)}
    ORDER BY u.created_at DESC LIMIT ${POOL_SIZE}`);
}

/** Members sharing the viewer's city or an industry (profile_tags), for the profile signal to weigh. */
async function profilePool(deps: Pick<Deps, 'db'>, viewerId: string, profile: MatchProfile | undefined): Promise<PoolRow[]> {
  const own = profile && (profile.memberType === 'founder' ? profile.founder : profile.advisor);
  if (!own || (own.industries.length === 0 && own.cityId === null)) return [];
  const city = own.cityId === null ? null : String(own.cityId);
  return deps.db.all<PoolRow>(sql`
    SELECT 0 AS shared, ${POOL_COLUMNS}
    FROM (SELECT DISTINCT user_id AS id FROM profile_tags
      WHERE (kind = 'industry' AND value IN (SELECT value FROM json_each(${JSON.stringify(own.industries)}))) OR (kind = 'city' AND value = ${city})) s
    CROSS JOIN users u ON u.id = s.id ${MEMBER_CARD_JOINS}
    WHERE ${suggestable(sql.raw('u.id'), viewerId)}
    LIMIT ${POOL_SIZE}`);
}

/** Up to `limit` suggestions for the viewer, best first. */
export async function suggestMembers(
  deps: Pick<Deps, 'db' | 'clock'>,
  viewer: SuggestionViewer,
  { limit, signals }: { limit: number; signals?: readonly Signal[] },
): Promise<Suggestion[]> {
  const profile = viewer.profile ?? (await loadMatchProfile(deps, viewer.userId)) ?? undefined;
  const pools = await Promise.all([
    sharedPool(deps, viewer.userId),
    newestPool(deps, viewer.userId, 'founder'),
    newestPool(deps, viewer.userId, 'advisor'),
    profilePool(deps, viewer.userId, profile),
  ]);
  const candidates: SuggestionCandidate[] = pools.flat().map((row) => ({
    member: toMemberCard(row),
    sharedConnections: Number(row.shared),
    joinedAt: row.joined_at,
    profile: toMatchProfile(row.m_id, row.m_type, row),
  }));
  return rankSuggestions(candidates, { ...viewer, profile }, { now: deps.clock.now(), limit, signals });
}
