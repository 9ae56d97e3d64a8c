import { sql, type SQL } from 'drizzle-orm';
import { blockedEitherWay } from '../members/blocks';
import { isListed } from '../members/listed';
import { isLooking } from '../members/paused';

/**
 * `id` may be suggested to the viewer: onboarded, someone else, nothing open, no block
 * either way, no deletion pending (members/listed.ts) and not paused (members/paused.ts). Connections' suggestions and matching's pools both ask it; the query names
 * the candidate's user `u`.
 */
export function suggestable(id: SQL, viewerId: string): SQL {
  return sql`u.onboarded = 1 AND ${id} <> ${viewerId}
    AND NOT EXISTS (SELECT 1 FROM connections oc
      WHERE oc.pair_key = (CASE WHEN ${id} < ${viewerId} THEN ${id} || ':' || ${viewerId} ELSE ${viewerId} || ':' || ${id} END)
        AND oc.status IN ('pending', 'accepted', 'ignored'))
    AND NOT ${blockedEitherWay(viewerId, id)}
    AND ${isListed(id)}
    AND ${isLooking(id)}`;
}
