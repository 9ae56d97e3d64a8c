/**
 * Profile summaries: the member card plus what a result list shows (city, skills or
 * expertise, industries, commitment, …), read with the card in the same query. Search
 * and matching both answer them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import type { Deps } from '../deps';
import type { ProfileSummary } from '../profiles/schemas';

/** The columns SUMMARY_COLUMNS selects besides the card's (founders `f`, advisors `a`, users `u`). */
export type SummaryRow = MemberCardRow & {
  s_joined: string;
  f_city: string | null;
  f_remote: number | null;
  f_skills: string | null;
  f_industries: string | null;
  f_technical: number | null;
  f_commitment: ProfileSummary['commitment'];
  f_stage: ProfileSummary['ideaStage'];
  f_looking: number | null;
  a_city: string | null;
  a_remote: number | null;
  a_expertise: string | null;
  a_industries: string | null;
  a_help: string | null;
};

/** Select-list of a summary: MEMBER_CARD_COLUMNS and the profile fields; joins are MEMBER_CARD_JOINS. */
export const SUMMARY_COLUMNS: SQL = sql.join(
  [
    MEMBER_CARD_COLUMNS,
    sql.raw(
      [
        'u.created_at AS s_joined',
        'f.city_name AS f_city, f.open_to_remote AS f_remote, f.skills AS f_skills, f.industries AS f_industries',
        'f.is_technical AS f_technical, f.commitment AS f_commitment, f.idea_stage AS f_stage, f.looking_for_cofounder AS f_looking',
        'a.city_name AS a_city, a.open_to_remote AS a_remote, a.expertise AS a_expertise, a.industries AS a_industries, a.help_types AS a_help',
      ].join(', '),
    ),
  ],
  sql`, `,
);

/** A JSON list column; a damaged value reads as empty rather than failing the whole page. */
function list<T = string>(json: string | null): T[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** The summary of a row selected with SUMMARY_COLUMNS. Advisors list their expertise as skills. */
export function toProfileSummary(row: SummaryRow): ProfileSummary {
  const card = toMemberCard(row);
  if (card.memberType === 'advisor') {
    return {
      ...card,
      city: row.a_city,
      openToRemote: row.a_remote === 1,
      skills: list(row.a_expertise),
      industries: list(row.a_industries),
      technical: null,
      commitment: null,
      ideaStage: null,
      lookingForCofounder: false,
      helpTypes: list(row.a_help),
      joinedAt: row.s_joined,
    };
  }
  return {
    ...card,
    city: row.f_city,
    openToRemote: row.f_remote === 1,
    skills: list(row.f_skills),
    industries: list(row.f_industries),
    technical: row.f_technical === null ? null : row.f_technical === 1,
    commitment: row.f_commitment,
    ideaStage: row.f_stage,
    lookingForCofounder: row.f_looking === 1,
    helpTypes: [],
    joinedAt: row.s_joined,
  };
}

/** Summaries of many users, keyed by user id (one query; the ids travel as one JSON parameter). */
export async function profileSummaries(deps: Pick<Deps, 'db'>, userIds: readonly string[]): Promise<Map<string, ProfileSummary>> {
  if (userIds.length === 0) return new Map();
  const rows = await deps.db.all<SummaryRow>(
    sql`SELECT ${SUMMARY_COLUMNS} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`,
  );
  return new Map(rows.map((row) => [row.m_id, toProfileSummary(row)]));
}
