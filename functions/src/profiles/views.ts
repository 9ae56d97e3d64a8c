/**
 * Profile views: opening another member's profile while signed in records one view per
 * viewer, profile and UTC day (never one's own). How far back the lists look and how many
 * viewers a member sees are Premium's to decide (premium/entitlements.ts): Premium members
 * see every viewer of the window, free members the total and the few most recent, the
 * rest counted as locked. A viewer who browses privately is counted but never named.
 * Members on either side of a block are left out of both lists; for a free member only after
 * the few are chosen, so blocking never unlocks a viewer.
 */
import { memberCards } from '../members/cards';
import type { Deps } from '../deps';
import type { UserRow } from '../db/schema';
import { accountIsPremium, viewersShown, viewsWindowStart } from '../premium/entitlements';
import type { Account } from '../users/wire';
import type { ProfileViews, ViewedProfiles } from './schemas';
import { blockedIds } from '../members/blocks';

function windowStart(now: Date): string {
  return viewsWindowStart(now).toISOString();
}

/** What reaching the members' profile views needs: each member's object (profile-views-object.ts). */
export type ViewStoreDeps = Pick<Deps, 'profileViews'>;

/**
 * Records that `viewer` opened the profile of `viewedId` today, on both sides: in the viewed
 * member's object (who viewed me) and the viewer's (what I viewed). A second view the same
 * day only moves the time; it turns private if the viewer now browses privately. Both
 * writes finish before the profile is answered (each is an idempotent upsert, so a retry
 * after a failure leaves one row).
 */
export async function recordView(deps: Pick<Deps, 'clock'> & ViewStoreDeps, viewer: Pick<UserRow, 'id' | 'privateBrowsing'>, viewedId: string): Promise<void> {
  if (viewer.id === viewedId) return;
  const now = deps.clock.now().toISOString();
  const isPrivate = Boolean(viewer.privateBrowsing);
  await Promise.all([deps.profileViews.of(viewedId).record('viewers', viewer.id, now, isPrivate), deps.profileViews.of(viewer.id).record('viewed', viewedId, now, isPrivate)]);
}

/** How many views of the member's profile came after `since` (ISO), private ones included (the digest). */
export async function profileViewsSince(deps: ViewStoreDeps, userId: string, since: string): Promise<number> {
  return deps.profileViews.of(userId).countSince(since);
}

/**
 * A list read from the member's object leaving out the members blocked either way (D1's to
 * say). Most members block nobody, so the object is asked with no one left out at the same
 * time as D1 is asked for the blocks, and asked again with them only when there are some.
 */
async function withoutBlocked<T>(deps: Pick<Deps, 'db'>, userId: string, read: (hidden: string[]) => Promise<T>): Promise<T> {
  const [blocked, unfiltered] = await Promise.all([blockedIds(deps, userId), read([])]);
  return blocked.size === 0 ? unfiltered : read([...blocked]);
}

/**
 * A free member's few viewers: the `shown` most recent of the whole list, blocked or not, then
 * the blocked ones leave them. Cutting after leaving them out would bring a locked viewer forward
 * for each one blocked, so blocking would unlock the list. The total counts no blocked member.
 */
async function firstFewViewers(deps: Pick<Deps, 'db'> & ViewStoreDeps, userId: string, since: string, shown: number) {
  const box = deps.profileViews.of(userId);
  const [blocked, firstFew] = await Promise.all([blockedIds(deps, userId), box.viewers(since, [], shown)]);
  if (blocked.size === 0) return firstFew;
  const { total } = await box.viewers(since, [...blocked], 0);
  return { rows: firstFew.rows.filter((row) => !blocked.has(row.member_id)), total };
}

/** GET /profile/views: who viewed the member's profile within the window, newest first. */
export async function profileViews(deps: Pick<Deps, 'db' | 'clock'> & ViewStoreDeps, account: Account, limit: number): Promise<ProfileViews> {
  const userId = account.user.id;
  const premium = accountIsPremium(account);
  const shown = viewersShown(premium, limit);
  const since = windowStart(deps.clock.now());
  const { rows, total } = premium
    ? await withoutBlocked(deps, userId, (hidden) => deps.profileViews.of(userId).viewers(since, hidden, shown))
    : await firstFewViewers(deps, userId, since, shown);
  // A private view keeps its time but never the viewer: the card is not even built.
  const cards = await memberCards(
    deps,
    rows.filter((row) => !row.private).map((row) => row.member_id),
  );
  const data = rows.flatMap((row): ProfileViews['data'] => {
    if (row.private) return [{ member: null, viewedAt: row.viewed_at, private: true }];
    const member = cards.get(row.member_id);
    return member ? [{ member, viewedAt: row.viewed_at, private: false }] : [];
  });
  return { total, data, locked: premium ? 0 : Math.max(0, total - data.length), premium };
}

/** GET /profile/viewed: the members the viewer looked at within the window, latest view first. */
export async function viewedProfiles(deps: Pick<Deps, 'db' | 'clock'> & ViewStoreDeps, viewerId: string, limit: number): Promise<ViewedProfiles> {
  const { rows, total } = await withoutBlocked(deps, viewerId, (hidden) => deps.profileViews.of(viewerId).viewed(windowStart(deps.clock.now()), hidden, limit));
  const cards = await memberCards(
    deps,
    rows.map((row) => row.member_id),
  );
  const data = rows.flatMap((row) => {
    const member = cards.get(row.member_id);
    return member ? [{ member, viewedAt: row.viewed_at }] : [];
  });
  return { total, data };
}

/** Counterparts cleaned per step of eraseProfileViews (one object call each). */
const ERASE_STEP = 100;

/**
 * Account deletion: the member's views leave the objects of every member on the other side
 * (whom they viewed, who viewed them), then their own object is emptied. Each step also drops
 * its counterparts from the member's own object, so a run stopped part-way (an error, the
 * invocation's subrequest cap) leaves less for the next run, which picks up where it stopped.
 */
export async function eraseProfileViews(deps: ViewStoreDeps, userId: string): Promise<void> {
  const own = deps.profileViews.of(userId);
  const others = [...new Set((await own.all()).map((row) => row.member_id))];
  for (let start = 0; start < others.length; start += ERASE_STEP) {
    const step = others.slice(start, start + ERASE_STEP);
    await Promise.all(step.map((memberId) => deps.profileViews.of(memberId).forget([userId])));
    await own.forget(step);
  }
  await own.wipe();
}
