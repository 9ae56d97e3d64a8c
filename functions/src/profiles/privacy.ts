/**
 * A member's privacy choices: whether search engines may index their profile, whether
 * they browse profiles privately (views counted, never named), and their private phone
 * number (E.164, checked at the route; only the member and the support chat see it).
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps';
import { users, type UserRow } from '../db/schema';
import type { Privacy } from './schemas';

function toPrivacy(user: Pick<UserRow, 'searchIndexing' | 'privateBrowsing' | 'phone'>): Privacy {
  return { searchIndexing: user.searchIndexing, privateBrowsing: user.privateBrowsing, phone: user.phone };
}

/** GET /profile/privacy. */
export function privacyOf(user: UserRow): Privacy {
  return toPrivacy(user);
}

/** PATCH /profile/privacy: changes the choices given (`phone: null` removes it), keeps the others; answers them all. */
export async function updatePrivacy(deps: Pick<Deps, 'db' | 'clock'>, user: UserRow, changes: Partial<Privacy>): Promise<Privacy> {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<Privacy>;
  if (Object.keys(given).length === 0) return toPrivacy(user);
  const [row] = await deps.db
    .update(users)
    .set({ ...given, updatedAt: deps.clock.now().toISOString() })
    .where(eq(users.id, user.id))
    .returning({ searchIndexing: users.searchIndexing, privateBrowsing: users.privateBrowsing, phone: users.phone });
  return toPrivacy(row ?? { ...user, ...given });
}
