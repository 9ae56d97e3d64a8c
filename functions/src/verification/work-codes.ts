/**
 * Proving a work address: a 6-digit code mailed to it (through the one door's sendMail),
 * kept as its SHA-256 only, valid WORK_CODE_MINUTES, dead after WRONG_GUESSES_PER_CODE wrong
 * guesses. Free mail domains are refused (free-mail.ts). The right code makes the member's
 * work verification, with the address's domain shown on the badge; a withdrawn one stays
 * withdrawn (an administrator's decision is not undone by proving again).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashCode, newVerificationCode } from '../auth/codes';
import { runBatch } from '../db/batch';
import { memberVerifications, workEmailCodes } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError, fieldError, invalidFields } from '../errors';
import { sendMail } from '../notifications/deliver';
import { VERIFICATION_MESSAGES as M } from '../shared/verification-messages';
import type { Account } from '../users/wire';
import { isFreeMailDomain } from './free-mail';
import { workCodeMail } from './mail';

/** How long a mailed code stays valid. */
export const WORK_CODE_MINUTES = 30;

/** Wrong guesses a code takes: the last one kills it and the member asks for a new one. */
export const WRONG_GUESSES_PER_CODE = 5;

// A plain address: one @, a dotted domain of letters, digits and hyphens.
const ADDRESS = /^[^\s@]{1,64}@([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+)$/;

/** The address lowercased and its domain, or a 400 naming `email`. */
export function workAddressOf(email: string): { email: string; domain: string } {
  const address = email.trim().toLowerCase();
  const domain = ADDRESS.exec(address)?.[1];
  if (!domain || address.length > 254) throw invalidFields({ email: M.invalidEmail });
  if (isFreeMailDomain(domain)) throw invalidFields({ email: M.freeMail });
  return { email: address, domain };
}

// The code is hashed with the member's id, so one member's code is no other's.
const codeHash = (userId: string, code: string) => hashCode(`${userId}:${code}`);

/** Mails a new code to `email` (replacing any earlier one) and says where and until when. */
export async function requestWorkCode(deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config'>, account: Account, email: string): Promise<{ email: string; expiresAt: string }> {
  const address = workAddressOf(email);
  const userId = account.user.id;
  const [withdrawn] = await deps.db
    .select({ at: memberVerifications.withdrawnAt })
    .from(memberVerifications)
    .where(and(eq(memberVerifications.userId, userId), eq(memberVerifications.method, 'work')));
  if (withdrawn?.at) throw new ApiError(409, M.withdrawnWork);
  const code = newVerificationCode();
  const now = deps.clock.now();
  const row = {
    userId,
    ...address,
    codeHash: await codeHash(userId, code),
    wrongGuesses: 0,
    sentAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + WORK_CODE_MINUTES * 60_000).toISOString(),
  };
  await deps.db
    .insert(workEmailCodes)
    .values(row)
    .onConflictDoUpdate({ target: workEmailCodes.userId, set: { ...row, userId: undefined } });
  await sendMail(deps, workCodeMail(address.email, account.user.firstName, code, WORK_CODE_MINUTES));
  return { email: address.email, expiresAt: row.expiresAt };
}

/**
 * Checks a code. The right one, live and not past its guesses, is taken in one conditional
 * DELETE (two tabs cannot both use it) and the verification written in the same batch; a
 * wrong one counts a guess in one conditional UPDATE, so concurrent guesses never pass the limit.
 */
export async function confirmWorkCode(deps: Pick<Deps, 'db' | 'clock'>, account: Account, code: string): Promise<void> {
  const userId = account.user.id;
  const now = deps.clock.now().toISOString();
  const hash = await codeHash(userId, code);
  const taken = sql`DELETE FROM work_email_codes WHERE user_id = ${userId} AND code_hash = ${hash} AND expires_at > ${now} AND wrong_guesses < ${WRONG_GUESSES_PER_CODE}`;
  const verified = sql`INSERT INTO member_verifications (user_id, method, email, domain, verified_at)
    SELECT ${userId}, 'work', email, domain, ${now} FROM work_email_codes WHERE user_id = ${userId} AND code_hash = ${hash} AND expires_at > ${now} AND wrong_guesses < ${WRONG_GUESSES_PER_CODE}
    ON CONFLICT (user_id, method) DO UPDATE SET email = excluded.email, domain = excluded.domain, verified_at = excluded.verified_at WHERE withdrawn_at IS NULL`;
  // The INSERT reads the row before the DELETE takes it; D1 runs a batch as one transaction.
  const [, deleted] = await runBatch(deps.db, [verified, taken]);
  if ((deleted?.meta.changes ?? 0) > 0) return;
  const [pending] = await deps.db.select().from(workEmailCodes).where(eq(workEmailCodes.userId, userId));
  if (!pending) throw new ApiError(404, M.noPendingCode);
  if (pending.expiresAt <= now) {
    await deps.db.delete(workEmailCodes).where(eq(workEmailCodes.userId, userId));
    throw fieldError(400, M.codeExpired, { code: 'has expired' });
  }
  const [counted] = await deps.db
    .update(workEmailCodes)
    .set({ wrongGuesses: sql`${workEmailCodes.wrongGuesses} + 1` })
    .where(and(eq(workEmailCodes.userId, userId), sql`${workEmailCodes.wrongGuesses} < ${WRONG_GUESSES_PER_CODE}`))
    .returning({ wrongGuesses: workEmailCodes.wrongGuesses });
  const left = counted ? WRONG_GUESSES_PER_CODE - counted.wrongGuesses : 0;
  if (left > 0) throw fieldError(400, M.wrongCode(left), { code: 'is not right' }, { left });
  await deps.db.delete(workEmailCodes).where(eq(workEmailCodes.userId, userId));
  throw fieldError(400, M.tooManyGuesses, { code: 'took too many wrong tries' });
}

/** Removes the member's own work verification and any pending code (a withdrawn one stays withdrawn). */
export async function removeWorkVerification(deps: Pick<Deps, 'db'>, userId: string): Promise<void> {
  await runBatch(deps.db, [
    deps.db.delete(workEmailCodes).where(eq(workEmailCodes.userId, userId)),
    deps.db.delete(memberVerifications).where(and(eq(memberVerifications.userId, userId), eq(memberVerifications.method, 'work'), isNull(memberVerifications.withdrawnAt))),
  ]);
}
