/**
 * The members worth scoring for a viewer: a few bounded pools (the newest members of the
 * type, members sharing a city, industries, complementary skills or the expertise a
 * founder lacks, and members who said Interested in the viewer), each already free of the viewer, anyone connected, asked either way,
 * ignored or blocked either way, of members the viewer answered (Interested, or Not now
 * until it expires: introductions/intents.ts) and of co-founders failing the viewer's must-haves.
 * The scorer then ranks at most a few hundred members, however large the community.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MEMBER_CARD_JOINS } from '../members/cards';
import { suggestable } from './suggestable';
import type { Deps } from '../deps';
import type { MemberType } from '../users/schemas';
import { type Facet, probe } from '../search/search-sql';
import { MATCH_COLUMNS, type MatchCandidate, type MatchProfile, type MatchRow, toMatchCandidate } from './profiles';
import { expertiseGaps, type MatchFounder } from './score';

/** Members one pool contributes at most. */
export const POOL_SIZE = 80;

type Pool = { facet: Facet | null; limit: number };

/** Ids of one pool: the newest members of the type (no facet) or members with the facet. */
function poolIds(viewerId: string, memberType: MemberType, { facet, limit }: Pool, conditions: (id: SQL) => SQL[]): SQL {
  if (!facet) {
    return sql`SELECT u.id AS id FROM users u
      WHERE u.member_type = ${memberType} AND ${sql.join([...conditions(sql`u.id`), suggestable(sql`u.id`, viewerId)], sql` AND `)}
      ORDER BY u.created_at DESC LIMIT ${limit}`;
  }
  return sql`SELECT DISTINCT t.user_id AS id FROM profile_tags t CROSS JOIN users u ON u.id = t.user_id
    WHERE t.kind = ${facet.kind} AND t.value IN (SELECT value FROM json_each(${JSON.stringify(facet.values)}))
      AND u.member_type = ${memberType} AND ${sql.join([...conditions(sql`t.user_id`), suggestable(sql`u.id`, viewerId)], sql` AND `)}
    LIMIT ${limit}`;
}

/** What every pool member meets besides being suggestable: the must-haves that tags check, and no answer of the viewer's in force. */
function conditionsOf(facets: Facet[], viewerId: string, now: Date): (id: SQL) => SQL[] {
  const at = now.toISOString();
  return (id) => [...facets.map((facet) => probe(facet, id)), notAnswered(id, viewerId, at)];
}

/** Members of `memberType` who said Interested in the viewer and meet every pool's rules, at most `limit` (null: all). */
function fanIds(viewerId: string, memberType: MemberType, conditions: (id: SQL) => SQL[], limit: number | null): SQL {
  return sql`SELECT mi.user_id AS id FROM match_intents mi CROSS JOIN users u ON u.id = mi.user_id
    WHERE mi.candidate_id = ${viewerId} AND mi.kind = 'interested'
      AND u.member_type = ${memberType} AND ${sql.join([...conditions(sql`u.id`), suggestable(sql`u.id`, viewerId)], sql` AND `)}
    ${limit === null ? sql`` : sql`LIMIT ${limit}`}`;
}

/**
 * A mark of who said Interested in the viewer (SQL text: how many, and the newest): a kept deck
 * is ranked again when it moves (deck-cache.ts), so a new "Interested" reaches the deck at once.
 * One seek of the partial index match_intents_candidate, however many there are.
 */
export function interestMark(viewerId: string): SQL {
  return sql`(SELECT count(*) || ':' || coalesce(max(created_at), '') FROM match_intents WHERE candidate_id = ${viewerId} AND kind = 'interested')`;
}

/** The viewer's must-haves that tags can check (the scorer checks them all again, both sides). */
function mustHaveFacets(viewer: MatchFounder): Facet[] {
  const must = (criterion: keyof MatchFounder['preferences']) => viewer.preferences[criterion]?.importance === 'must-have';
  const { technical, skills, commitment, ideaStage, location } = viewer.preferences;
  const facets: Facet[] = [{ kind: 'looking', values: ['1'] }];
  if (technical && must('technical')) facets.push({ kind: 'technical', values: [technical.value === 'technical' ? '1' : '0'] });
  if (skills && must('skills')) facets.push({ kind: 'skill', values: skills.value });
  if (commitment && must('commitment')) facets.push({ kind: 'commitment', values: [commitment.value] });
  if (ideaStage && must('ideaStage')) facets.push({ kind: 'stage', values: ideaStage.value });
  if (location?.value === 'same-city' && must('location')) facets.push({ kind: 'city', values: viewer.cityId === null ? [] : [String(viewer.cityId)] });
  if (must('industries')) facets.push({ kind: 'industry', values: viewer.industries });
  return facets;
}

const cityFacet = (cityId: number | null): Facet | null => (cityId === null ? null : { kind: 'city', values: [String(cityId)] });
const listFacet = (kind: Facet['kind'], values: readonly string[]): Facet | null => (values.length > 0 ? { kind, values } : null);

/** The pools for a viewer looking for members of `memberType`, and the conditions every pool member meets. */
function poolsFor(viewer: MatchProfile, memberType: MemberType): { pools: Pool[]; facets: Facet[] } {
  const pools = (facets: (Facet | null)[], newest: number): Pool[] => [
    { facet: null, limit: newest },
    ...facets.filter((facet): facet is Facet => facet !== null).map((facet) => ({ facet, limit: POOL_SIZE })),
  ];
  if (viewer.memberType === 'advisor') {
    const { advisor } = viewer;
    return { pools: pools([listFacet('industry', advisor.industries), cityFacet(advisor.cityId)], POOL_SIZE), facets: [] };
  }
  const { founder } = viewer;
  if (memberType === 'advisor') {
    return { pools: pools([listFacet('expertise', expertiseGaps(founder)), listFacet('industry', founder.industries), cityFacet(founder.cityId)], POOL_SIZE), facets: [] };
  }
  const complementary = founder.technical === null ? null : { kind: 'technical' as const, values: [founder.technical ? '0' : '1'] };
  return { pools: pools([cityFacet(founder.cityId), listFacet('industry', founder.industries), complementary], POOL_SIZE), facets: mustHaveFacets(founder) };
}

/** `id` has no answer of the viewer's in force: no "Interested", no "Not now" before `now` + its months (SQL). */
export function notAnswered(id: SQL, viewerId: string, now: string): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM match_intents answered WHERE answered.user_id = ${viewerId} AND answered.candidate_id = ${id} AND (answered.kind = 'interested' OR answered.expires_at > ${now}))`;
}

/**
 * Whether the member `u` may be in the viewer's deck of `memberType` at `now`: the rules every
 * pool applies (the type, the viewer's must-haves that tags check, no answer in force,
 * suggestable), for a kept deck's check (deck-cache.ts). Null when a must-have nobody can meet
 * leaves no candidate.
 */
export function inDeck(viewer: MatchProfile, viewerId: string, memberType: MemberType, now: Date): SQL | null {
  const { facets } = poolsFor(viewer, memberType);
  if (facets.some((facet) => facet.values.length === 0)) return null;
  const id = sql`u.id`;
  return sql.join(
    [sql`u.member_type = ${memberType}`, ...facets.map((facet) => probe(facet, id)), notAnswered(id, viewerId, now.toISOString()), suggestable(id, viewerId)],
    sql` AND `,
  );
}

/** The candidates of `memberType` for the viewer at `now`, read in one query (at most a few hundred). */
export async function matchCandidates(deps: Pick<Deps, 'db'>, viewer: MatchProfile, viewerId: string, memberType: MemberType, now: Date): Promise<MatchCandidate[]> {
  const { pools, facets } = poolsFor(viewer, memberType);
  // A must-have no one can meet (same city, but the viewer has none) leaves no candidate.
  if (facets.some((facet) => facet.values.length === 0)) return [];
  const conditions = conditionsOf(facets, viewerId, now);
  const ids = sql.join(
    [
      ...pools.map((pool) => sql`SELECT id FROM (${poolIds(viewerId, memberType, pool, conditions)})`),
      // Whoever said Interested in the viewer is always among them: saying it back makes the match.
      sql`SELECT id FROM (${fanIds(viewerId, memberType, conditions, POOL_SIZE)})`,
    ],
    sql` UNION `,
  );
  const rows = await deps.db.all<MatchRow>(sql`SELECT ${MATCH_COLUMNS} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id IN (${ids})`);
  return rows.map(toMatchCandidate);
}
