/**
 * Forgotten passwords: a request mails a one-hour, single-use link; using it sets a new
 * password, proves the email (so it is marked verified), signs out every other session
 * and retires every outstanding code of the member, verification codes included.
 */
import type { Deps } from '../deps';
import { passwordResetMail } from '../mail/templates';
import { notifyPasswordChanged } from '../notifications/account';
import { enforceLimits, limitKey, RATE_LIMITS } from '../rate-limit/policies';
import { findAccountByEmail, normalizeEmail } from '../users/repository';
import type { AuthResult } from '../users/schemas';
import { consumeCode, findLiveCode, retireAllCodes, storeCode } from './code-store';
import { newResetCode } from './codes';
import { assertPasswordAllowed, deliver, invalidCode, mailPasswordChanged, reloadAccount, setPassword, signIn } from './service';

/**
 * Mails a reset link when the account exists and has had fewer than three reset mails this
 * hour. The caller answers the same in every case, so neither the answer nor a refusal
 * tells whether an account exists, and flooding requests cannot flood the member's mailbox
 * or block recovery: only the per-address limit answers 429.
 */
export async function requestPasswordReset(deps: Deps, input: { email: string; ip: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  await enforceLimits(deps.limiter, [['resetByIp', input.ip]]);
  // Counted for every address, known or not, so the work done does not depend on it.
  const mailQuota = await deps.limiter.hit(limitKey('resetMailsByEmail', email), RATE_LIMITS.resetMailsByEmail);
  const account = await findAccountByEmail(deps.db, email);
  if (!account || !mailQuota.allowed) return;
  const code = newResetCode();
  await storeCode(deps.db, deps.clock, account.user.id, 'reset-password', code);
  const url = `${deps.config.appUrl}/reset-password?code=${encodeURIComponent(code)}`;
  await deliver(deps, passwordResetMail(account.user.email, account.user.firstName, url));
}

/** Sets the new password with a reset code and signs the member in. */
export async function resetPassword(deps: Deps, input: { code: string; password: string; ip: string; userAgent?: string }): Promise<AuthResult> {
  await enforceLimits(deps.limiter, [['resetByIp', input.ip]]);
  const live = await findLiveCode(deps.db, deps.clock, 'reset-password', input.code);
  if (!live) throw invalidCode();
  const account = await reloadAccount(deps, live.userId);
  assertPasswordAllowed(input.password, account.user.email);
  // Consuming is the atomic step: of two requests racing with one code, one wins.
  if (!(await consumeCode(deps.db, deps.clock, account.user.id, 'reset-password', input.code))) throw invalidCode();
  const term = await setPassword(deps, account.user.id, input.password, { verifyEmail: true, userAgent: input.userAgent });
  // A verification code signs a member in too: none issued before the reset may outlive it.
  await retireAllCodes(deps.db, deps.clock, account.user.id);
  await notifyPasswordChanged(deps, account.user.id, 'reset');
  await mailPasswordChanged(deps, account.user, 'reset');
  return signIn(deps, await reloadAccount(deps, account.user.id), term);
}
