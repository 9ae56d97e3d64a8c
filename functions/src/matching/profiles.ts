/**
 * Members as matching reads them: the summary a list shows plus the fields the scorer
 * weighs (city id, co-founder preferences), selected with the card in one query.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MEMBER_CARD_JOINS } from '../connections/cards';
import type { Deps } from '../deps';
import { CofounderPreferencesSchema, type CofounderPreferences, type ProfileSummary } from '../profiles/schemas';
import type { Expertise, HelpType, Industry } from '../profiles/vocabulary';
import { SUMMARY_COLUMNS, type SummaryRow, toProfileSummary } from '../search/summaries';
import type { MatchFounder, MatchProfile } from './score';

export type MatchRow = SummaryRow & { f_city_id: number | null; f_prefs: string | null; a_city_id: number | null };

export type { MatchProfile } from './score';

/** A candidate: what a list shows, what the scorer reads, and when they joined. */
export type MatchCandidate = { userId: string; joinedAt: string; summary: ProfileSummary; profile: MatchProfile };

/** SUMMARY_COLUMNS plus the matching fields; the query names the user `u` and uses MEMBER_CARD_JOINS. */
export const MATCH_COLUMNS: SQL = sql.join(
  [SUMMARY_COLUMNS, sql.raw('f.city_id AS f_city_id, f.cofounder_preferences AS f_prefs, a.city_id AS a_city_id')],
  sql`, `,
);

/** Stored preferences, checked again: a value the schema refuses counts as no preference. */
function preferencesOf(json: string | null): CofounderPreferences {
  try {
    const parsed = CofounderPreferencesSchema.safeParse(JSON.parse(json ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The match profile and summary of a row selected with MATCH_COLUMNS. */
export function toMatchCandidate(row: MatchRow): MatchCandidate {
  const summary = toProfileSummary(row);
  const place = { city: summary.city, openToRemote: summary.openToRemote };
  const profile: MatchProfile =
    summary.memberType === 'advisor'
      ? {
          memberType: 'advisor',
          advisor: { userId: summary._id, expertise: summary.skills as Expertise[], industries: summary.industries as Industry[], helpTypes: summary.helpTypes as HelpType[], cityId: row.a_city_id, ...place },
        }
      : {
          memberType: 'founder',
          founder: {
            userId: summary._id,
            technical: summary.technical,
            skills: summary.skills as MatchFounder['skills'],
            commitment: summary.commitment,
            ideaStage: summary.ideaStage,
            industries: summary.industries,
            cityId: row.f_city_id,
            lookingForCofounder: summary.lookingForCofounder,
            preferences: preferencesOf(row.f_prefs),
            ...place,
          },
        };
  return { userId: summary._id, joinedAt: summary.joinedAt, summary, profile };
}

/** The match profile of one member, or null when there is no such user. */
export async function loadMatchCandidate(deps: Pick<Deps, 'db'>, userId: string): Promise<MatchCandidate | null> {
  const [row] = await deps.db.all<MatchRow>(sql`SELECT ${MATCH_COLUMNS} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id = ${userId}`);
  return row ? toMatchCandidate(row) : null;
}
