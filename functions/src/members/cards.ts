/**
 * Member cards: the derived display profile of docs/product.md#display-profile (name, tagline, slug, avatar,
 * banner) plus the user and profile ids, the Premium badge (premium/entitlements.ts
 * decides it) and the verified badge (verified-badge.ts), read with the user in one query. The SQL pieces
 * are shared by every list that shows members, so a page costs one round trip.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps';
import { rowIsPremium } from '../premium/entitlements';
import type { MemberCard } from './schemas';
import { BADGE_COLUMNS, badgeOf } from './verified-badge';

/** The columns MEMBER_CARD_COLUMNS selects (users `u`, founders `f`, advisors `a`). */
export type MemberCardRow = {
  m_id: string;
  m_type: 'founder' | 'advisor';
  m_first: string;
  m_last: string;
  m_role: string | null;
  f_premium: number | null;
  f_id: string | null;
  f_first: string | null;
  f_last: string | null;
  f_tagline: string | null;
  f_slug: string | null;
  f_picture: string | null;
  f_banner: string | null;
  a_id: string | null;
  a_name: string | null;
  a_position: string | null;
  a_slug: string | null;
  a_picture: string | null;
  a_banner: string | null;
  v_linkedin: number | null;
  v_domain: string | null;
};

/** Select-list of a member card; the query names the user `u` and uses MEMBER_CARD_JOINS. */
export const MEMBER_CARD_COLUMNS: SQL = sql.raw(
  [
    'u.id AS m_id, u.member_type AS m_type, u.first_name AS m_first, u.last_name AS m_last, u.role_type AS m_role, f.premium AS f_premium',
    'f.id AS f_id, f.first_name AS f_first, f.last_name AS f_last, f.tagline AS f_tagline, f.slug AS f_slug',
    'f.profile_picture_url AS f_picture, f.profile_banner_url AS f_banner',
    'a.id AS a_id, a.name AS a_name, a.position AS a_position, a.slug AS a_slug',
    'a.profile_picture_url AS a_picture, a.profile_banner_url AS a_banner',
    BADGE_COLUMNS,
  ].join(', '),
);

/** The founder and advisor records of the user `u` (each user has one of them). */
export const MEMBER_CARD_JOINS: SQL = sql.raw('LEFT JOIN founders f ON f.user_id = u.id LEFT JOIN advisors a ON a.user_id = u.id');

/** The card of a row selected with MEMBER_CARD_COLUMNS. An advisor's tagline is their position. */
export function toMemberCard(row: MemberCardRow): MemberCard {
  if (row.m_type === 'advisor' && row.a_id) {
    return {
      _id: row.m_id,
      memberType: 'advisor',
      name: row.a_name ?? `${row.m_first} ${row.m_last}`.trim(),
      tagline: row.a_position,
      slug: row.a_slug ?? '',
      avatar: row.a_picture,
      banner: row.a_banner,
      profileId: row.a_id,
      premium: rowIsPremium(row.m_role, row.f_premium),
      verified: badgeOf(row.v_linkedin, row.v_domain),
    };
  }
  return {
    _id: row.m_id,
    memberType: row.m_type,
    name: `${row.f_first ?? row.m_first} ${row.f_last ?? row.m_last}`.trim(),
    tagline: row.f_tagline,
    slug: row.f_slug ?? '',
    avatar: row.f_picture,
    banner: row.f_banner,
    profileId: row.f_id ?? '',
    premium: rowIsPremium(row.m_role, row.f_premium),
    verified: badgeOf(row.v_linkedin, row.v_domain),
  };
}

/** The card of a user id, or null when there is no such user. */
export async function findMemberCard(deps: Pick<Deps, 'db'>, userId: string): Promise<MemberCard | null> {
  const [row] = await deps.db.all<MemberCardRow>(sql`SELECT ${MEMBER_CARD_COLUMNS} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id = ${userId}`);
  return row ? toMemberCard(row) : null;
}

/**
 * The card of the member an id names: a user id, a founder profile id or an advisor id
 * (profile pages know the profile's id). Null when none of them matches.
 */
export async function resolveMemberCard(deps: Pick<Deps, 'db'>, id: string): Promise<MemberCard | null> {
  const [row] = await deps.db.all<MemberCardRow>(sql`
    SELECT ${MEMBER_CARD_COLUMNS} FROM users u ${MEMBER_CARD_JOINS}
    WHERE u.id = coalesce(
      (SELECT id FROM users WHERE id = ${id}),
      (SELECT user_id FROM founders WHERE id = ${id}),
      (SELECT user_id FROM advisors WHERE id = ${id}))`);
  return row ? toMemberCard(row) : null;
}

/** Cards of many users, keyed by user id (one query; the ids travel as one JSON parameter). */
export async function memberCards(deps: Pick<Deps, 'db'>, userIds: readonly string[]): Promise<Map<string, MemberCard>> {
  if (userIds.length === 0) return new Map();
  const rows = await deps.db.all<MemberCardRow>(
    sql`SELECT ${MEMBER_CARD_COLUMNS} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`,
  );
  return new Map(rows.map((row) => [row.m_id, toMemberCard(row)]));
}
