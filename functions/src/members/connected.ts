/**
 * Who is connected with whom, as SQL for queries that list members (mentions, suggestions):
 * the connections domain writes the rows (connections/), the readers share this one rule.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * The ids of the members with an accepted connection with `userId`, either way, as a
 * parenthesized subquery, each arm through its index (connections_requester_status,
 * connections_receiver_status): `… IN ${connectedWith(id)}` or `WITH mine(id) AS ${connectedWith(id)}`.
 */
export function connectedWith(userId: string): SQL {
  return sql`(SELECT receiver_id FROM connections WHERE requester_id = ${userId} AND status = 'accepted'
    UNION ALL SELECT requester_id FROM connections WHERE receiver_id = ${userId} AND status = 'accepted')`;
}
