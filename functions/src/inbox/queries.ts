/**
 * The inbox's D1 SQL: whether a pair may write to each other. The threads and messages
 * themselves are in each member's mailbox (inbox-object.ts).
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the pair `pairKey` names (a column or a value) may write to each other now: they
 * are connected, or one accepted the other's message request (message-requests/). The
 * literal IN list lets SQLite use connections_open_pair.
 */
export function connectedPair(pairKey: SQL | string): SQL {
  return sql`(EXISTS (SELECT 1 FROM connections c WHERE c.pair_key = ${pairKey} AND c.status IN ('pending', 'accepted', 'ignored') AND c.status = 'accepted')
    OR EXISTS (SELECT 1 FROM message_requests mr WHERE mr.pair_key = ${pairKey} AND mr.status = 'accepted'))`;
}
