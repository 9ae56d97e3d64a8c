/**
 * The auth_codes table: one-time codes for email verification and password reset,
 * stored as SHA-256 hashes. Issuing a code retires the earlier live ones of the same
 * purpose, so at most one code per user and purpose can be guessed at a time.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { authCodes, type AuthCodeRow, type CodePurpose } from '../db/schema';
import { CODE_LIFETIME_SECONDS, hashCode, WRONG_GUESSES_PER_CODE } from './codes';

/** Conditions of a code that can still be used at `now`. */
function liveCode(now: string) {
  return and(isNull(authCodes.usedAt), gt(authCodes.expiresAt, now));
}

/** Stores a new code for the user, retiring the previous live ones of that purpose. */
export async function storeCode(db: Db, clock: Clock, userId: string, purpose: CodePurpose, code: string): Promise<void> {
  const now = clock.now();
  const createdAt = now.toISOString();
  await db.batch([
    db
      .update(authCodes)
      .set({ usedAt: createdAt })
      .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), isNull(authCodes.usedAt))),
    db.insert(authCodes).values({
      id: newId(),
      userId,
      purpose,
      codeHash: await hashCode(code),
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_SECONDS[purpose] * 1000).toISOString(),
      usedAt: null,
      createdAt,
    }),
  ]);
}

/** When the user's latest code of this purpose was issued, or null. */
export async function latestCodeIssuedAt(db: Db, userId: string, purpose: CodePurpose): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: authCodes.createdAt })
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose)))
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  return row ? new Date(row.createdAt) : null;
}

/** The live code with this value and purpose, or null. */
export async function findLiveCode(db: Db, clock: Clock, purpose: CodePurpose, code: string): Promise<AuthCodeRow | null> {
  const [row] = await db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.purpose, purpose), eq(authCodes.codeHash, await hashCode(code)), liveCode(clock.now().toISOString())))
    .limit(1);
  return row ?? null;
}

/**
 * Uses up the user's live code with this value, atomically (a single UPDATE), and every
 * other live code of that purpose with it. False when there was no such code.
 */
export async function consumeCode(db: Db, clock: Clock, userId: string, purpose: CodePurpose, code: string): Promise<boolean> {
  const now = clock.now().toISOString();
  const forUser = and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose));
  const used = await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(and(forUser, eq(authCodes.codeHash, await hashCode(code)), liveCode(now)))
    .returning({ id: authCodes.id });
  if (used.length === 0) return false;
  await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(and(forUser, isNull(authCodes.usedAt)));
  return true;
}

/**
 * A guess at the user's live code: uses it up when right (as consumeCode), else counts a
 * wrong guess against it, and the guess that reaches WRONG_GUESSES_PER_CODE kills it, so
 * even the right code is refused afterwards. One UPDATE each, so parallel guesses count.
 */
export async function guessCode(db: Db, clock: Clock, userId: string, purpose: CodePurpose, code: string): Promise<boolean> {
  if (await consumeCode(db, clock, userId, purpose, code)) return true;
  const now = clock.now().toISOString();
  const guesses = sql`${authCodes.failedAttempts} + 1`;
  await db
    .update(authCodes)
    .set({ failedAttempts: guesses, usedAt: sql`CASE WHEN ${guesses} >= ${WRONG_GUESSES_PER_CODE} THEN ${now} ELSE NULL END` })
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), liveCode(now)));
  return false;
}

/** Retires every live code of the user, whatever its purpose (a password reset). */
export async function retireAllCodes(db: Db, clock: Clock, userId: string): Promise<void> {
  const now = clock.now().toISOString();
  await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(and(eq(authCodes.userId, userId), isNull(authCodes.usedAt)));
}
