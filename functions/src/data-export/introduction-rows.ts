/**
 * The member's introductions for the export: their own answers on candidates (match_intents,
 * introductions/intents.ts) and their matches, oldest first. Who said Interested in the member
 * is the other member's choice and is not read. Also their weekly shortlists (shortlist/: the
 * weeks and the members picked) and their own answers to "Did you meet?"; what the other side of a
 * match answered is theirs and is not read.
 */
import { asc, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { matchCheckins, matches, matchIntents, shortlistPicks, shortlists } from '../db/schema';

export type IntroductionRows = {
  matchIntents: (typeof matchIntents.$inferSelect)[];
  matches: (typeof matches.$inferSelect)[];
  shortlists: (typeof shortlists.$inferSelect)[];
  shortlistPicks: (typeof shortlistPicks.$inferSelect)[];
  matchCheckins: (typeof matchCheckins.$inferSelect)[];
};

/** The member's answers and matches. */
export async function introductionRows(db: Db, userId: string): Promise<IntroductionRows> {
  const [answers, made, weeks, picks, checkins] = await db.batch([
    db.select().from(matchIntents).where(eq(matchIntents.userId, userId)).orderBy(asc(matchIntents.createdAt)),
    db
      .select()
      .from(matches)
      .where(or(eq(matches.firstId, userId), eq(matches.secondId, userId)))
      .orderBy(asc(matches.createdAt)),
    db.select().from(shortlists).where(eq(shortlists.userId, userId)).orderBy(asc(shortlists.week)),
    db.select().from(shortlistPicks).where(eq(shortlistPicks.userId, userId)).orderBy(asc(shortlistPicks.week), asc(shortlistPicks.rank)),
    db.select().from(matchCheckins).where(eq(matchCheckins.userId, userId)).orderBy(asc(matchCheckins.askedAt)),
  ]);
  return { matchIntents: answers, matches: made, shortlists: weeks, shortlistPicks: picks, matchCheckins: checkins };
}

/** The other members the rows name. */
export const introductionMemberIds = (rows: IntroductionRows): string[] => [
  ...rows.matchIntents.map((row) => row.candidateId),
  ...rows.matches.flatMap((row) => [row.firstId, row.secondId]),
  ...rows.shortlistPicks.map((row) => row.candidateId),
  ...rows.matchCheckins.map((row) => row.otherId),
];
