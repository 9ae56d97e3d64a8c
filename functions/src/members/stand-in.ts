/**
 * "Deleted member": the anonymous account a deleted member's side of a conversation passes to
 * (functions/src/account-deletion/erase.ts). It is a users row so that threads and messages keep
 * their keys, but it is nobody: admin lists and member counts leave it out by its address, which
 * sits in a reserved domain (RFC 2606 `.invalid`) no one can register with.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

export const STAND_IN_NAME = { firstName: 'Deleted', lastName: 'member' } as const;

const STAND_IN_DOMAIN = '@deleted.invalid';

/** The stand-in's address, from its id. */
export function standInEmail(id: string): string {
  return `deleted-${id}${STAND_IN_DOMAIN}`;
}

/** True (in SQL) when the email column `email` is not a stand-in's: a real member. */
export function isRealMember(email: SQLWrapper): SQL {
  return sql`${email} NOT LIKE ${`%${STAND_IN_DOMAIN}`}`;
}
