/**
 * Whose reviews a viewer may read: those of a member whose profile they may see (the rule of
 * profiles/public-profile.ts): onboarded, listed, and not blocking the viewer. Oneself always.
 */
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Deps } from '../deps';
import { blockBetween } from '../members/blocks';
import { isListedMember } from '../members/listed';

/** Whether `viewerId` (null: a visitor) may see the profile, and so the reviews, of `userId`. */
export async function profileVisibleTo(deps: Pick<Deps, 'db'>, userId: string, viewerId: string | null): Promise<boolean> {
  if (viewerId === userId) return true;
  const [user] = await deps.db.select({ onboarded: users.onboarded }).from(users).where(eq(users.id, userId));
  if (!user?.onboarded || !(await isListedMember(deps, userId))) return false;
  return !viewerId || !(await blockBetween(deps, viewerId, userId)).theyBlocked;
}
