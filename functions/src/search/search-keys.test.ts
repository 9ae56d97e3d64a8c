import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../db/client';
import { founders, users } from '../db/schema';
import { indexStatements } from '../profiles/index-rows';
import { memberTypeToken, PICTURE_KEY, searchKeyBase, tagToken } from '../profiles/search-keys';
import { findAccountById } from '../users/repository';
import { daysAgo, founderWith } from './test-profiles';

const database = db(env);

/** Rewrites a member's search rows from their stored account, as a profile save does. */
async function reindex(userId: string) {
  const account = await findAccountById(database, userId);
  const [first, ...rest] = indexStatements(database, account!);
  await database.batch([first!, ...rest]);
}

async function keyOf(userId: string): Promise<number | undefined> {
  const [row] = await database.all<{ key: number }>(sql`SELECT key FROM search_keys WHERE user_id = ${userId}`);
  return row?.key;
}

async function searchRowOf(userId: string) {
  const [row] = await database.all<{ key: number; tags: string }>(sql`SELECT rowid AS key, tags FROM profile_search WHERE user_id = ${userId}`);
  return row;
}

describe('search keys', () => {
  it('file a member by picture and join time, telling apart members who joined in the same millisecond', async () => {
    const joinedAt = daysAgo(400);
    const base = searchKeyBase(joinedAt, false);
    const first = await founderWith({ joinedAt, industries: ['fintech'] });
    const second = await founderWith({ joinedAt });
    expect([await keyOf(first.user.id), await keyOf(second.user.id)]).toEqual([base, base + 1]);
    // The profile_search row sits at the key, with the type's and the facets' tokens.
    expect(await searchRowOf(first.user.id)).toMatchObject({ key: base });
    expect((await searchRowOf(first.user.id))?.tags.split(' ')).toContain(tagToken('industry', 'fintech'));

    // A save keeps the key; a picture moves the member into the first half, and back.
    await reindex(first.user.id);
    expect(await keyOf(first.user.id)).toBe(base);
    await database.update(founders).set({ profilePictureUrl: '/media/avatars/k.webp' }).where(eq(founders.userId, first.user.id));
    await reindex(first.user.id);
    expect(await keyOf(first.user.id)).toBe(PICTURE_KEY + base);
    expect(await searchRowOf(first.user.id)).toMatchObject({ key: PICTURE_KEY + base });
    // Back without a picture, the member takes the lowest free key of the millisecond: their
    // old one, freed, below the second member's (not one past the largest taken).
    await database.update(founders).set({ profilePictureUrl: null }).where(eq(founders.userId, first.user.id));
    await reindex(first.user.id);
    expect(await keyOf(first.user.id)).toBe(base);
    const third = await founderWith({ joinedAt });
    expect(await keyOf(third.user.id)).toBe(base + 2);
    const [{ rows }] = await database.all<{ rows: number }>(sql`SELECT count(*) AS rows FROM profile_search WHERE user_id IN (${first.user.id}, ${second.user.id})`);
    expect(rows).toBe(2);
  });

  it('write tokens that start with digits, so no typed prefix of two or three letters lists them', () => {
    for (const token of [tagToken('industry', 'fintech'), tagToken('city', '2332459'), memberTypeToken('founder'), memberTypeToken('advisor')]) {
      expect(token).toMatch(/^00[a-z][0-9a-f]+$/);
    }
  });

  it('go, with the search row, when the member is no longer indexed or is deleted', async () => {
    const leaving = await founderWith({});
    const deleted = await founderWith({});
    await database.update(users).set({ onboarded: false }).where(eq(users.id, leaving.user.id));
    await reindex(leaving.user.id);
    expect(await keyOf(leaving.user.id)).toBeUndefined();
    expect(await searchRowOf(leaving.user.id)).toBeUndefined();

    const key = await keyOf(deleted.user.id);
    await database.delete(users).where(eq(users.id, deleted.user.id));
    expect(await keyOf(deleted.user.id)).toBeUndefined();
    const [{ rows }] = await database.all<{ rows: number }>(sql`SELECT count(*) AS rows FROM profile_search WHERE rowid = ${key}`);
    expect(rows).toBe(0);
  });
});
