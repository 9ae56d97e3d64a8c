/**
 * The provider accounts (Google, LinkedIn, GitHub) linked to a member for sign-in, as the
 * data download lists them.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { socialIdentities } from '../db/schema';
import type { LinkedIdentity } from './documents';

/** The member's linked providers, oldest first. */
export function linkedIdentities(db: Db, userId: string): Promise<LinkedIdentity[]> {
  return db
    .select({ provider: socialIdentities.provider, email: socialIdentities.email, createdAt: socialIdentities.createdAt })
    .from(socialIdentities)
    .where(eq(socialIdentities.userId, userId))
    .orderBy(asc(socialIdentities.createdAt));
}
