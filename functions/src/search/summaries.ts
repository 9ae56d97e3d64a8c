/**
 * Profile summaries: the member card plus what a result list shows (city, skills or
 * expertise, industries, commitment, the roles and timing a founder brings, how an advisor
 * engages, …) and whether the viewer saved the member, read with the card in the same
 * query. Search and matching both answer them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import type { Deps } from '../deps';
import type { ProfileSummary } from '../profiles/schemas';

/** The columns summaryColumns selects besides the card's (founders `f`, advisors `a`, users `u`). */
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
  f_startup: string | null;
  f_takes: string | null;
  f_wants: string | null;
  f_full_time: ProfileSummary['fullTime'];
  a_city: string | null;
  a_remote: number | null;
  a_expertise: string | null;
  a_industries: string | null;
  a_help: string | null;
  a_engage: string | null;
  a_stages: string | null;
  s_saved: number;
};

/**
 * Select-list of a summary: MEMBER_CARD_COLUMNS, the profile fields and `s_saved`, whether
 * `viewerId` saved the member (a probe of saved_members' primary key; 0 for a visitor);
 * joins are MEMBER_CARD_JOINS, the member's users row `u`.
 */
export function summaryColumns(viewerId: string | null): SQL {
  return sql.join(
    [
      MEMBER_CARD_COLUMNS,
      sql.raw(
        [
          'u.created_at AS s_joined',
          'f.city_name AS f_city, f.open_to_remote AS f_remote, f.skills AS f_skills, f.industries AS f_industries',
          'f.is_technical AS f_technical, f.commitment AS f_commitment, f.idea_stage AS f_stage, f.looking_for_cofounder AS f_looking',
          'f.startup_name AS f_startup, f.takes_roles AS f_takes, f.wants_roles AS f_wants, f.full_time AS f_full_time',
          'a.city_name AS a_city, a.open_to_remote AS a_remote, a.expertise AS a_expertise, a.industries AS a_industries, a.help_types AS a_help',
          'a.engagements AS a_engage, a.help_stages AS a_stages',
        ].join(', '),
      ),
      viewerId === null ? sql`0 AS s_saved` : sql`EXISTS (SELECT 1 FROM saved_members sv WHERE sv.user_id = ${viewerId} AND sv.member_id = u.id) AS s_saved`,
    ],
    sql`, `,
  );
}

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

/** The summary of a row selected with summaryColumns. Advisors list their expertise as skills. */
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
      startupName: null,
      takesRoles: [],
      wantsRoles: [],
      fullTime: null,
      engagements: list(row.a_engage),
      helpStages: list(row.a_stages),
      joinedAt: row.s_joined,
      saved: row.s_saved === 1,
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
    startupName: row.f_startup,
    takesRoles: list(row.f_takes),
    wantsRoles: list(row.f_wants),
    fullTime: row.f_full_time,
    engagements: [],
    helpStages: [],
    joinedAt: row.s_joined,
    saved: row.s_saved === 1,
  };
}

/**
 * Summaries of many users, keyed by user id, as `viewerId` sees them (their `saved`; null:
 * nobody's). One query; the ids travel as one JSON parameter.
 */
export async function profileSummaries(deps: Pick<Deps, 'db'>, userIds: readonly string[], viewerId: string | null = null): Promise<Map<string, ProfileSummary>> {
  if (userIds.length === 0) return new Map();
  const rows = await deps.db.all<SummaryRow>(
    sql`SELECT ${summaryColumns(viewerId)} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`,
  );
  return new Map(rows.map((row) => [row.m_id, toProfileSummary(row)]));
}
