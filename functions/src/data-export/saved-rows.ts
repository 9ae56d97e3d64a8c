/**
 * The member's saved people (with their private notes) and saved searches for the export
 * (saved_members, saved_searches: saved/), oldest first.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { savedMembers, savedSearches } from '../db/schema';

export type SavedRows = {
  savedMembers: (typeof savedMembers.$inferSelect)[];
  savedSearches: (typeof savedSearches.$inferSelect)[];
};

/** The member's saved people and searches. */
export async function savedRows(db: Db, userId: string): Promise<SavedRows> {
  const [people, searches] = await db.batch([
    db.select().from(savedMembers).where(eq(savedMembers.userId, userId)).orderBy(asc(savedMembers.createdAt)),
    db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.createdAt)),
  ]);
  return { savedMembers: people, savedSearches: searches };
}

/** The other members the rows name. */
export const savedMemberIds = (rows: SavedRows): string[] => rows.savedMembers.map((row) => row.memberId);
