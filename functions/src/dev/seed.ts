/**
 * Loads the demo community once. The whole load, guard included, is one D1 batch (one
 * transaction): a second call, or two calls racing, leave exactly one copy.
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { appMeta, feedPosts } from '../db/schema';
import { insertAccount, newAccountRows, slugFor } from '../users/repository';
import { slugify } from '../users/slugs';
import { DEMO_MEMBERS, DEMO_POSTS } from './demo-data';

const SEEDED_KEY = 'demo_seeded';

export type SeedResult = { seeded: true; members: number; posts: number } | { seeded: false };

async function alreadySeeded(deps: Deps): Promise<boolean> {
  const [row] = await deps.db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY)).limit(1);
  return row !== undefined;
}

/** A readable, unique post slug: the first words and a random suffix. */
function postSlug(text: string): string {
  const words = slugify(text).split('-').slice(0, 6).join('-');
  return `${words}-${newId().slice(0, 6)}`;
}

/** Seeds the demo data unless the demo_seeded marker is present. */
export async function seedDemoData(deps: Deps): Promise<SeedResult> {
  if (await alreadySeeded(deps)) return { seeded: false };
  const now = deps.clock.now();
  const at = now.toISOString();

  // Scrypt is slow by design: one hash per distinct password, shared by the accounts.
  const hashes = new Map<string, string>();
  for (const password of new Set(DEMO_MEMBERS.map((member) => member.password))) {
    hashes.set(password, await deps.passwords.hash(password));
  }

  const accounts = [];
  for (const { password, ...member } of DEMO_MEMBERS) {
    const input = { ...member, passwordHash: hashes.get(password)!, emailVerified: true, onboarded: true };
    accounts.push(newAccountRows(input, await slugFor(deps.db, input), at));
  }
  const userIdByEmail = new Map(accounts.map(({ user }) => [user.email, user.id]));
  const posts = DEMO_POSTS.map((post) => {
    const createdAt = new Date(now.getTime() - post.hoursAgo * 3_600_000).toISOString();
    return {
      id: newId(),
      slug: postSlug(post.text),
      authorUserId: userIdByEmail.get(post.author)!,
      text: post.text,
      groupName: post.group,
      isPinned: post.pinned ?? false,
      createdAt,
      updatedAt: createdAt,
    };
  });

  try {
    await deps.db.batch([
      // First, so that a racing second seed fails here and rolls back entirely.
      deps.db.insert(appMeta).values({ key: SEEDED_KEY, value: at }),
      ...accounts.flatMap((account) => insertAccount(deps.db, account)),
      deps.db.insert(feedPosts).values(posts),
    ]);
  } catch (error) {
    if (await alreadySeeded(deps)) return { seeded: false };
    throw error;
  }
  return { seeded: true, members: accounts.length, posts: posts.length };
}
