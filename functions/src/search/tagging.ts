/**
 * Members to @-mention: onboarded founders and advisors whose name has words starting
 * with what was typed, the viewer's connections first. The viewer, anyone on the other
 * side of a block and members whose deletion is pending (members/listed.ts) are left out.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import { offsetOf, type Paged, pageOf, type PageRequest } from '../db/paging';
import type { MemberCard } from '../members/schemas';
import type { Deps } from '../deps';
import { ftsQuery } from './fts';
import { blockedWith } from '../members/blocks';
import { isListed } from '../members/listed';

/** The SQL of one page: members whose name matches `match`, connections first, then the best match. */
function taggingStatement(viewerId: string, match: string, page: PageRequest): SQL {
  return sql`
    WITH hits AS (
      SELECT u.id AS member_id, u.created_at AS joined, s.score AS score, count(*) OVER () AS total,
        EXISTS (SELECT 1 FROM connections c
          WHERE c.pair_key = (CASE WHEN u.id < ${viewerId} THEN u.id || ':' || ${viewerId} ELSE ${viewerId} || ':' || u.id END)
            AND c.status = 'accepted') AS connected
      FROM (SELECT user_id, rank AS score FROM profile_search WHERE profile_search MATCH ${match}) s
      JOIN users u ON u.id = s.user_id
      WHERE u.onboarded = 1 AND u.id <> ${viewerId} AND u.id NOT IN ${blockedWith(viewerId)} AND ${isListed(sql.raw('u.id'))}
      ORDER BY connected DESC, score, joined DESC, member_id LIMIT ${page.limit} OFFSET ${offsetOf(page)})
    SELECT hits.total AS total, ${MEMBER_CARD_COLUMNS}
    FROM hits JOIN users u ON u.id = hits.member_id ${MEMBER_CARD_JOINS}
    ORDER BY hits.connected DESC, hits.score, hits.joined DESC, hits.member_id`;
}

/** One page of members to mention; empty when `query` has no word. */
export async function taggingProfiles(deps: Pick<Deps, 'db'>, viewerId: string, query: string, page: PageRequest): Promise<Paged<MemberCard>> {
  const match = ftsQuery(query, 'name');
  if (!match) return pageOf([], 0, page);
  const rows = await deps.db.all<MemberCardRow & { total: number }>(taggingStatement(viewerId, match, page));
  let total = rows[0]?.total ?? 0;
  // A page past the last one has no row to carry the total: ask the first page for it.
  if (rows.length === 0 && page.page > 1) {
    const [first] = await deps.db.all<{ total: number }>(taggingStatement(viewerId, match, { page: 1, limit: 1 }));
    total = first?.total ?? 0;
  }
  return pageOf(rows.map(toMemberCard), Number(total), page);
}
