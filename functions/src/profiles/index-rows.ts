/**
 * The search rows of a profile: one profile_tags row per facet value (the facet counters,
 * matching), its search key (search_keys) and one profile_search row (the full text, and
 * the facets and type as tokens: search-keys.ts). Saving a profile rewrites them in the same
 * batch as the profile itself, so search never sees half a change. Only onboarded
 * members are indexed. The search domain reads these tables; only this module writes them.
 */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import { profileTags, searchKeys, type profileTagKinds } from '../db/schema';
import type { Account } from '../users/wire';
import { SAME_MILLISECOND, searchKeyBase, tagsText, VERIFIED_TOKEN } from './search-keys';
import { EXPERTISE, INDUSTRIES, SKILLS } from '../shared/profile-vocabulary';

/**
 * The FTS5 table as drizzle sees it, for writes only: its columns behave like plain text
 * columns for INSERT and DELETE, and a table object can go into a batch where raw SQL
 * with parameters cannot (drizzle 0.45 loses their prepared statement). Kept out of
 * db/schema.ts, whose tables are checked column for column against plain SQL tables.
 */
export const profileSearch = sqliteTable('profile_search', {
  /** The member's search key (search_keys.key). */
  rowid: integer('rowid').notNull(),
  userId: text('user_id').notNull(),
  name: text('name').notNull(),
  headline: text('headline').notNull(),
  body: text('body').notNull(),
  tags: text('tags').notNull(),
});

export type TagKind = (typeof profileTagKinds)[number];
export type ProfileTag = { kind: TagKind; value: string };
export type SearchText = { name: string; headline: string; body: string };
export type IndexRows = { tags: ProfileTag[]; search: SearchText };

/**
 * The yes-or-no tags (value '1') the search counters keep as bits of their `flags` column
 * rather than as facets (migration 0032), as search-sql.ts reads them.
 */
export const COUNTER_FLAG_BITS: Partial<Record<TagKind, number>> = { remote: 1, looking: 2 };
const COUNTER_FLAGS = Object.keys(COUNTER_FLAG_BITS) as TagKind[];

const each = (kind: TagKind, values: readonly string[]): ProfileTag[] => [...new Set(values)].map((value) => ({ kind, value }));
const when = (kind: TagKind, condition: boolean, value = '1'): ProfileTag[] => (condition ? [{ kind, value }] : []);

function labels(values: readonly string[], vocabulary: Record<string, string>): string[] {
  return values.map((value) => vocabulary[value]).filter((label): label is string => label !== undefined);
}

function joinText(parts: readonly (string | null | undefined)[]): string {
  return parts.filter((part) => part?.trim()).join('\n');
}

/** The tags and full text of an account's profile; null when it is not to be indexed. */
export function indexRowsOf({ user, founder, advisor }: Account): IndexRows | null {
  if (!user.onboarded) return null;
  if (founder) {
    return {
      tags: [
        ...each('skill', founder.skills),
        ...each('industry', founder.industries),
        ...when('commitment', founder.commitment !== null, founder.commitment ?? ''),
        ...when('stage', founder.ideaStage !== null, founder.ideaStage ?? ''),
        ...when('technical', founder.isTechnical !== null, founder.isTechnical ? '1' : '0'),
        ...when('remote', founder.openToRemote),
        ...when('city', founder.cityId !== null, String(founder.cityId)),
        ...when('looking', founder.lookingForCofounder),
        ...each('takes', founder.takesRoles),
        ...when('fulltime', Boolean(founder.fullTime), founder.fullTime ?? ''),
      ],
      search: {
        name: `${founder.firstName} ${founder.lastName}`.trim(),
        headline: founder.tagline ?? '',
        body: joinText([
          founder.bio,
          founder.startupName,
          founder.builtSoFar,
          founder.interests.join(', '),
          labels(founder.skills, SKILLS).join(', '),
          labels(founder.industries, INDUSTRIES).join(', '),
          founder.cityName,
        ]),
      },
    };
  }
  if (advisor) {
    return {
      tags: [
        ...each('expertise', advisor.expertise),
        ...each('industry', advisor.industries),
        ...each('help', advisor.helpTypes),
        ...each('engage', advisor.engagements),
        ...when('remote', advisor.openToRemote),
        ...when('city', advisor.cityId !== null, String(advisor.cityId)),
      ],
      search: {
        name: advisor.name,
        headline: advisor.position ?? '',
        body: joinText([advisor.bio, advisor.experience, labels(advisor.expertise, EXPERTISE).join(', '), labels(advisor.industries, INDUSTRIES).join(', '), advisor.cityName]),
      },
    };
  }
  return null;
}

/**
 * The statements that replace an account's search rows (delete, then insert what
 * indexRowsOf gives), for a D1 batch. The member keeps their search key while their picture
 * state and join time do (a save does not move them among members who joined in the same
 * millisecond); otherwise they take the lowest free key from their millisecond's first (past
 * its 1,024 keys only if that many members joined in it, never onto a key in use). Deleting
 * the key removes the profile_search row (0028's trigger).
 */
export function indexStatements(db: Db, account: Account) {
  const userId = account.user.id;
  const rows = indexRowsOf(account);
  const key = sql`(SELECT key FROM search_keys WHERE user_id = ${userId})`;
  // The counters' flags (remote, looking) go last and come first: a flag set or cleared moves
  // every tag the member holds then to other counter rows (migration 0032).
  const statements = [
    db.delete(profileTags).where(and(eq(profileTags.userId, userId), notInArray(profileTags.kind, COUNTER_FLAGS))),
    db.delete(profileTags).where(eq(profileTags.userId, userId)),
  ];
  if (!rows) return [...statements, db.delete(searchKeys).where(eq(searchKeys.userId, userId))];
  const picture = (account.founder ?? account.advisor)?.profilePictureUrl ?? null;
  const base = searchKeyBase(account.user.createdAt, picture !== null);
  const last = base + SAME_MILLISECOND - 1;
  // base when free, else one past the first taken key from base whose next key is free.
  const firstFree = sql`(SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM search_keys WHERE key = ${base}) THEN ${base}
    ELSE (SELECT min(t.key) + 1 FROM search_keys t WHERE t.key >= ${base} AND NOT EXISTS (SELECT 1 FROM search_keys n WHERE n.key = t.key + 1)) END)`;
  const isFlag = (tag: ProfileTag) => COUNTER_FLAGS.includes(tag.kind);
  const tags = [...rows.tags.filter(isFlag), ...rows.tags.filter((tag) => !isFlag(tag))].map((tag) => ({ ...tag, userId }));
  const { name, headline, body } = rows.search;
  return [
    ...statements,
    db.delete(profileSearch).where(sql`rowid = ${key}`),
    db
      .insert(searchKeys)
      .values({ userId, key: firstFree })
      .onConflictDoUpdate({ target: searchKeys.userId, set: { key: sql`excluded.key` }, setWhere: sql`${searchKeys.key} NOT BETWEEN ${base} AND ${last}` }),
    ...(tags.length > 0 ? [db.insert(profileTags).values(tags).onConflictDoNothing()] : []),
    db
      .insert(profileSearch)
      .values({ rowid: key, userId, name, headline, body, tags: sql`${tagsText(account.user.memberType, rows.tags, !account.user.searchIndexing)} || ${verifiedSuffix(userId)}` }),
  ];
}

/** The verified token's part of the tags column (' 00x1' while the member has a live badge, else ''); migration 0047's triggers keep it after. */
const verifiedSuffix = (userId: string) =>
  sql`CASE WHEN EXISTS (SELECT 1 FROM member_verifications v WHERE v.user_id = ${userId} AND v.withdrawn_at IS NULL) THEN ${` ${VERIFIED_TOKEN}`} ELSE '' END`;
