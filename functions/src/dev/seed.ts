/**
 * Loads the demo community once. The whole load, guard included, is one D1 batch (one
 * transaction): a second call, or two calls racing, leave exactly one copy. The demo
 * connections, profiles and feed (seed-feed.ts) have guards of their own, so a database
 * seeded before they existed gets them on the next call.
 */
import { inArray } from 'drizzle-orm';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { appMeta, connections, feedPosts, users } from '../db/schema';
import { pairKey } from '../connections/repository';
import { insertAccount } from '../users/repository';
import { postSlug } from '../feed/tags';
import { DEMO_CONNECTIONS, DEMO_POSTS } from './demo-data';
import { hasMarker } from './markers';
import { seedMissingFeed } from './seed-feed';
import { seedMissingInbox } from './seed-inbox';
import { seedMissingNotifications } from './seed-notifications';
import { demoAccounts, demoProfileStatements, PROFILES_SEEDED_KEY, seedMissingProfiles } from './seed-profiles';

const SEEDED_KEY = 'demo_seeded';
const CONNECTIONS_SEEDED_KEY = 'demo_connections_seeded';

export type SeedResult = { seeded: true; members: number; posts: number } | { seeded: false };

/**
 * The demo connections' marker and rows, for a batch. Rows whose pair already has an
 * open connection (made by hand in an older demo database) are skipped.
 */
function connectionInserts(deps: Deps, userIdByEmail: Map<string, string>, now: Date) {
  const rows = DEMO_CONNECTIONS.map((demo) => {
    const at = new Date(now.getTime() - demo.daysAgo * 86_400_000).toISOString();
    const requesterId = userIdByEmail.get(demo.from)!;
    const receiverId = userIdByEmail.get(demo.to)!;
    const accepted = demo.status === 'accepted';
    return {
      id: newId(),
      requesterId,
      receiverId,
      pairKey: pairKey(requesterId, receiverId),
      status: demo.status,
      note: demo.note ?? null,
      ignoredAt: null,
      respondedAt: accepted ? at : null,
      createdAt: at,
      updatedAt: at,
    };
  });
  return [deps.db.insert(appMeta).values({ key: CONNECTIONS_SEEDED_KEY, value: now.toISOString() }), deps.db.insert(connections).values(rows).onConflictDoNothing()] as const;
}

/** Adds the demo connections to a database seeded before they existed (once). */
async function seedMissingConnections(deps: Deps): Promise<void> {
  if (await hasMarker(deps, CONNECTIONS_SEEDED_KEY)) return;
  const emails = [...new Set(DEMO_CONNECTIONS.flatMap((demo) => [demo.from, demo.to]))];
  const found = await deps.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  if (found.length !== emails.length) return; // the demo members were changed by hand: leave them be
  try {
    await deps.db.batch(connectionInserts(deps, new Map(found.map((user) => [user.email, user.id])), deps.clock.now()));
  } catch (error) {
    if (!(await hasMarker(deps, CONNECTIONS_SEEDED_KEY))) throw error;
  }
}

/** Seeds the demo data unless the demo_seeded marker is present. */
export async function seedDemoData(deps: Deps): Promise<SeedResult> {
  if (await hasMarker(deps, SEEDED_KEY)) {
    await seedMissingConnections(deps);
    await seedMissingProfiles(deps);
    await seedMissingFeed(deps);
    await seedMissingInbox(deps);
    await seedMissingNotifications(deps);
    return { seeded: false };
  }
  const now = deps.clock.now();
  const at = now.toISOString();

  const accounts = await demoAccounts(deps, at);
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
      pinnedAt: post.pinned ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    };
  });

  try {
    await deps.db.batch([
      // First, so that a racing second seed fails here and rolls back entirely.
      deps.db.insert(appMeta).values({ key: SEEDED_KEY, value: at }),
      ...accounts.flatMap((account) => insertAccount(deps.db, account)),
      deps.db.insert(appMeta).values({ key: PROFILES_SEEDED_KEY, value: at }),
      ...accounts.flatMap((account) => demoProfileStatements(deps, account, at)),
      deps.db.insert(feedPosts).values(posts),
      ...connectionInserts(deps, userIdByEmail, now),
    ]);
  } catch (error) {
    if (await hasMarker(deps, SEEDED_KEY)) return { seeded: false };
    throw error;
  }
  await seedMissingFeed(deps);
  await seedMissingInbox(deps);
  await seedMissingNotifications(deps);
  return { seeded: true, members: accounts.length, posts: posts.length };
}
