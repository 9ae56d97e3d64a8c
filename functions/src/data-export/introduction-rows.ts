/**
 * The member's introductions for the export: their own answers on candidates (match_intents,
 * introductions/intents.ts) and their matches, oldest first. Who said Interested in the member
 * is the other member's choice and is not read.
 */
import { asc, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { matches, matchIntents } from '../db/schema';

export type IntroductionRows = {
  matchIntents: (typeof matchIntents.$inferSelect)[];
  matches: (typeof matches.$inferSelect)[];
};

/** The member's answers and matches. */
export async function introductionRows(db: Db, userId: string): Promise<IntroductionRows> {
  const [answers, made] = await db.batch([
    db.select().from(matchIntents).where(eq(matchIntents.userId, userId)).orderBy(asc(matchIntents.createdAt)),
    db
      .select()
      .from(matches)
      .where(or(eq(matches.firstId, userId), eq(matches.secondId, userId)))
      .orderBy(asc(matches.createdAt)),
  ]);
  return { matchIntents: answers, matches: made };
}

/** The other members the rows name. */
export const introductionMemberIds = (rows: IntroductionRows): string[] => [
  ...rows.matchIntents.map((row) => row.candidateId),
  ...rows.matches.flatMap((row) => [row.firstId, row.secondId]),
];
