/**
 * Profile views: opening another member's profile while signed in records one view per
 * viewer, profile and UTC day (never one's own). How far back the lists look and how many
 * viewers a member sees are Premium's to decide (premium/entitlements.ts): Premium members
 * see every viewer of the window, free members the total and the few most recent, the
 * rest counted as locked. A viewer who browses privately is counted but never named.
 * Members on either side of a block are left out of both lists.
 */
import { sql } from 'drizzle-orm';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, memberCards, toMemberCard, type MemberCardRow } from '../members/cards';
import type { Deps } from '../deps';
import type { UserRow } from '../db/schema';
import { accountIsPremium, viewersShown, viewsWindowStart } from '../premium/entitlements';
import type { Account } from '../users/wire';
import type { ProfileViews, ViewedProfiles } from './schemas';
import { blockedWith } from '../members/blocks';

function windowStart(now: Date): string {
  return viewsWindowStart(now).toISOString();
}

/**
 * Records that `viewer` opened the profile of `viewedId` today. A second view the same
 * day only moves the time; it turns private if the viewer now browses privately.
 */
export async function recordView(deps: Pick<Deps, 'db' | 'clock'>, viewer: Pick<UserRow, 'id' | 'privateBrowsing'>, viewedId: string): Promise<void> {
  if (viewer.id === viewedId) return;
  const now = deps.clock.now().toISOString();
  await deps.db.run(sql`
    INSERT INTO profile_views (viewer_id, viewed_id, day, private, viewed_at)
    VALUES (${viewer.id}, ${viewedId}, ${now.slice(0, 10)}, ${viewer.privateBrowsing ? 1 : 0}, ${now})
    ON CONFLICT (viewed_id, viewer_id, day) DO UPDATE SET viewed_at = excluded.viewed_at, private = max(private, excluded.private)`);
}

/** What reaching a member's profile views needs. */
export type ViewStoreDeps = Pick<Deps, 'db'>;

/** How many views of the member's profile came after `since` (ISO), private ones included (the digest). */
export async function profileViewsSince(deps: ViewStoreDeps, userId: string, since: string): Promise<number> {
  const [row] = await deps.db.all<{ total: number }>(sql`SELECT count(*) AS total FROM profile_views v WHERE v.viewed_id = ${userId} AND v.viewed_at > ${since}`);
  return row?.total ?? 0;
}

type ViewRow = MemberCardRow & { viewed_at: string; private: number };

/** GET /profile/views: who viewed the member's profile within the window, newest first. */
export async function profileViews(deps: Pick<Deps, 'db' | 'clock'>, account: Account, limit: number): Promise<ProfileViews> {
  const userId = account.user.id;
  const premium = accountIsPremium(account);
  const shown = viewersShown(premium, limit);
  const where = sql`v.viewed_id = ${userId} AND v.viewed_at >= ${windowStart(deps.clock.now())} AND v.viewer_id NOT IN ${blockedWith(userId)}`;
  const [rows, [counted]] = await Promise.all([
    deps.db.all<ViewRow>(sql`
      SELECT v.viewed_at, v.private, ${MEMBER_CARD_COLUMNS}
      FROM profile_views v JOIN users u ON u.id = v.viewer_id ${MEMBER_CARD_JOINS}
      WHERE ${where} ORDER BY v.viewed_at DESC LIMIT ${shown}`),
    deps.db.all<{ total: number }>(sql`SELECT count(*) AS total FROM profile_views v WHERE ${where}`),
  ]);
  const total = counted?.total ?? 0;
  // A private view keeps its time but never the viewer: the card is not even built.
  const data = rows.map((row) => ({ member: row.private ? null : toMemberCard(row), viewedAt: row.viewed_at, private: row.private === 1 }));
  return { total, data, locked: premium ? 0 : Math.max(0, total - data.length), premium };
}

/** GET /profile/viewed: the members the viewer looked at within the window, latest view first. */
export async function viewedProfiles(deps: Pick<Deps, 'db' | 'clock'>, viewerId: string, limit: number): Promise<ViewedProfiles> {
  const where = sql`v.viewer_id = ${viewerId} AND v.viewed_at >= ${windowStart(deps.clock.now())} AND v.viewed_id NOT IN ${blockedWith(viewerId)}`;
  const [rows, [counted]] = await Promise.all([
    deps.db.all<{ viewed_id: string; viewed_at: string }>(sql`
      SELECT v.viewed_id, max(v.viewed_at) AS viewed_at FROM profile_views v
      WHERE ${where} GROUP BY v.viewed_id ORDER BY viewed_at DESC, v.viewed_id LIMIT ${limit}`),
    deps.db.all<{ total: number }>(sql`SELECT count(DISTINCT v.viewed_id) AS total FROM profile_views v WHERE ${where}`),
  ]);
  const cards = await memberCards(
    deps,
    rows.map((row) => row.viewed_id),
  );
  const data = rows.flatMap((row) => {
    const member = cards.get(row.viewed_id);
    return member ? [{ member, viewedAt: row.viewed_at }] : [];
  });
  return { total: counted?.total ?? 0, data };
}
