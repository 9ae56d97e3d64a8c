/**
 * "I'm not looking now" (docs/product.md "Pause"): a paused member is out of matching (the
 * deck, suggestions, "Interested" both ways) and of member search and the directory until
 * they resume. Their profile page stays reachable (members/listed.ts does not ask this), and
 * they keep their connections and conversations. Every list that leaves paused members out
 * uses this module.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The user ids paused right now, read once through the users_paused index of the paused few. */
export const PAUSED_IDS: SQL = sql`(SELECT px.id FROM users px INDEXED BY users_paused WHERE px.paused_at IS NOT NULL)`;

/** True (in SQL) when the user in `userId` is looking (not paused): one probe of the users key. */
export function isLooking(userId: SQLWrapper): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM users pz WHERE pz.id = ${userId} AND pz.paused_at IS NOT NULL)`;
}
