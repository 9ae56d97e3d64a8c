/**
 * Members as matching reads them: the profile fields the scorer weighs (skills or
 * expertise, commitment, stage, industries, city, remote, co-founder preferences), a few
 * hundred at a time, without the text a list shows (a page reads that for its members only).
 */
import { sql, type SQL } from 'drizzle-orm';
import { MEMBER_CARD_JOINS } from '../members/cards';
import type { Deps } from '../deps';
import type { CofounderPreferences } from '../profiles/schemas';
import { COMMITMENTS, type Expertise, type HelpType, IDEA_STAGES, IMPORTANCE, type Industry, SKILLS } from '../shared/profile-vocabulary';
import type { Account } from '../users/wire';
import type { MatchFounder, MatchProfile } from './score';

export type { MatchProfile } from './score';

/** The columns MATCH_FIELDS selects (founders `f`, advisors `a`). */
export type MatchFieldsRow = {
  f_technical: number | null;
  f_skills: string | null;
  f_commitment: MatchFounder['commitment'];
  f_stage: MatchFounder['ideaStage'];
  f_industries: string | null;
  f_city_id: number | null;
  f_city: string | null;
  f_remote: number | null;
  f_looking: number | null;
  f_prefs: string | null;
  f_takes: string | null;
  f_wants: string | null;
  f_equity: MatchFounder['equity'];
  f_full_time: MatchFounder['fullTime'];
  a_expertise: string | null;
  a_industries: string | null;
  a_help: string | null;
  a_engage: string | null;
  a_stages: string | null;
  a_city_id: number | null;
  a_city: string | null;
  a_remote: number | null;
};

/** A row with the member's id, type and join date besides the match fields. */
export type MatchRow = MatchFieldsRow & { m_id: string; m_type: 'founder' | 'advisor'; m_joined: string };

/** A candidate: the id, when they joined (for ties) and what the scorer reads. */
export type MatchCandidate = { userId: string; joinedAt: string; profile: MatchProfile };

/** Select-list of the match fields; the query uses MEMBER_CARD_JOINS (no ids: callers add theirs). */
export const MATCH_FIELDS: SQL = sql.raw(
  [
    'f.is_technical AS f_technical, f.skills AS f_skills, f.commitment AS f_commitment, f.idea_stage AS f_stage, f.industries AS f_industries',
    'f.city_id AS f_city_id, f.city_name AS f_city, f.open_to_remote AS f_remote, f.looking_for_cofounder AS f_looking, f.cofounder_preferences AS f_prefs',
    'f.takes_roles AS f_takes, f.wants_roles AS f_wants, f.equity AS f_equity, f.full_time AS f_full_time',
    'a.expertise AS a_expertise, a.industries AS a_industries, a.help_types AS a_help, a.city_id AS a_city_id, a.city_name AS a_city, a.open_to_remote AS a_remote',
    'a.engagements AS a_engage, a.help_stages AS a_stages',
  ].join(', '),
);

/** MATCH_FIELDS with the id, type and join date of the user `u`. */
export const MATCH_COLUMNS: SQL = sql`u.id AS m_id, u.member_type AS m_type, u.created_at AS m_joined, ${MATCH_FIELDS}`;

/** A JSON list column; a damaged value reads as empty. */
function list<T>(json: string | null): T[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

const IMPORTANCES = new Set<string>(Object.keys(IMPORTANCE));
const within = (values: unknown, vocabulary: Record<string, string>) =>
  Array.isArray(values) && values.length > 0 && values.every((value) => typeof value === 'string' && value in vocabulary);

/** Whether a stored criterion's value has the shape of its kind (CofounderPreferencesSchema's rules). */
const VALUE_CHECKS: Record<keyof CofounderPreferences, (value: unknown) => boolean> = {
  technical: (value) => value === 'technical' || value === 'non-technical',
  skills: (value) => within(value, SKILLS),
  commitment: (value) => typeof value === 'string' && value in COMMITMENTS,
  location: (value) => value === 'same-city' || value === 'remote-ok',
  industries: () => true,
  ideaStage: (value) => within(value, IDEA_STAGES),
};

/**
 * Stored preferences, checked again: a criterion of the wrong shape counts as no
 * preference. (By hand rather than with the zod schema: a match page reads hundreds.)
 */
export function preferencesOf(json: string | null): CofounderPreferences {
  let stored: unknown;
  try {
    stored = JSON.parse(json ?? '{}');
  } catch {
    return {};
  }
  if (!stored || typeof stored !== 'object') return {};
  const preferences: Record<string, unknown> = {};
  for (const [criterion, check] of Object.entries(VALUE_CHECKS)) {
    const entry = (stored as Record<string, { value?: unknown; importance?: unknown } | undefined>)[criterion];
    if (entry && typeof entry === 'object' && IMPORTANCES.has(String(entry.importance)) && check(entry.value)) preferences[criterion] = entry;
  }
  return preferences as CofounderPreferences;
}

/** The match profile of a member of this type, from MATCH_FIELDS. */
export function toMatchProfile(userId: string, memberType: 'founder' | 'advisor', row: MatchFieldsRow): MatchProfile {
  if (memberType === 'advisor') {
    return {
      memberType,
      advisor: {
        userId,
        expertise: list<Expertise>(row.a_expertise),
        industries: list<Industry>(row.a_industries),
        helpTypes: list<HelpType>(row.a_help),
        engagements: list(row.a_engage),
        helpStages: list(row.a_stages),
        cityId: row.a_city_id,
        city: row.a_city,
        openToRemote: row.a_remote === 1,
      },
    };
  }
  return {
    memberType,
    founder: {
      userId,
      technical: row.f_technical === null ? null : row.f_technical === 1,
      skills: list(row.f_skills),
      commitment: row.f_commitment,
      ideaStage: row.f_stage,
      industries: list(row.f_industries),
      cityId: row.f_city_id,
      city: row.f_city,
      openToRemote: row.f_remote === 1,
      lookingForCofounder: row.f_looking === 1,
      preferences: preferencesOf(row.f_prefs),
      takesRoles: list(row.f_takes),
      wantsRoles: list(row.f_wants),
      equity: row.f_equity,
      fullTime: row.f_full_time,
    },
  };
}

/** The candidate of a row selected with MATCH_COLUMNS. */
export function toMatchCandidate(row: MatchRow): MatchCandidate {
  return { userId: row.m_id, joinedAt: row.m_joined, profile: toMatchProfile(row.m_id, row.m_type, row) };
}

/** The match profile of one member, or null when there is no such user. */
export async function loadMatchProfile(deps: Pick<Deps, 'db'>, userId: string): Promise<MatchProfile | null> {
  const [row] = await deps.db.all<MatchRow>(sql`SELECT ${MATCH_COLUMNS} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id = ${userId}`);
  return row ? toMatchCandidate(row).profile : null;
}

/** JSON text of a list or object read by drizzle, as MATCH_FIELDS reads it from the row. */
const stored = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const flag = (value: boolean | null | undefined) => (value === null || value === undefined ? null : value ? 1 : 0);

/**
 * The signed-in member's own match profile, from the account the session check already read
 * (session/authenticate.ts): the same fields and checks as `loadMatchProfile`, without a query.
 */
export function accountMatchProfile({ user, founder: f, advisor: a }: Account): MatchProfile {
  const row: MatchFieldsRow = {
    f_technical: flag(f?.isTechnical),
    f_skills: stored(f?.skills),
    f_commitment: f?.commitment ?? null,
    f_stage: f?.ideaStage ?? null,
    f_industries: stored(f?.industries),
    f_city_id: f?.cityId ?? null,
    f_city: f?.cityName ?? null,
    f_remote: flag(f?.openToRemote),
    f_looking: flag(f?.lookingForCofounder),
    f_prefs: stored(f?.cofounderPreferences),
    f_takes: stored(f?.takesRoles),
    f_wants: stored(f?.wantsRoles),
    f_equity: f?.equity ?? null,
    f_full_time: f?.fullTime ?? null,
    a_expertise: stored(a?.expertise),
    a_industries: stored(a?.industries),
    a_help: stored(a?.helpTypes),
    a_engage: stored(a?.engagements),
    a_stages: stored(a?.helpStages),
    a_city_id: a?.cityId ?? null,
    a_city: a?.cityName ?? null,
    a_remote: flag(a?.openToRemote),
  };
  return toMatchProfile(user.id, user.memberType, row);
}
