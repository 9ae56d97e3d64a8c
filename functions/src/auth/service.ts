/**
 * Accounts and sign-in: registration, login, email verification and password changes.
 * Plain functions over injected dependencies (see ../deps.ts); no HTTP here. Every
 * refusal is an ApiError carrying the API's message and the field it concerns.
 */
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { runBatch } from '../db/batch';
import { users } from '../db/schema';
import { type ApiError, fieldError, invalidFields } from '../errors';
import type { MailMessage } from '../mail/mailer';
import { notifyPasswordChanged } from '../notifications/account';
import { passwordChangedMail, verificationMail } from '../mail/templates';
import { enforceLimits } from '../rate-limit/policies';
import { registrationConsents } from '../consents/records';
import { createAccount, EmailTakenError, findAccountByEmail, findAccountById, normalizeEmail, type NewAccount } from '../users/repository';
import type { AuthResult, User } from '../users/schemas';
import { assertNotSuspended } from '../users/suspension';
import { toWireUser, type Account } from '../users/wire';
import { guessCode, latestCodeIssuedAt, storeCode } from './code-store';
import { CODE_LIFETIME_SECONDS, newVerificationCode } from './codes';
import { beginLoginAttempt } from './login-throttle';
import { AUTH_MESSAGES } from './messages';
import { passwordProblem } from './password';
import { hasPassword } from './social/passwordless';
import { endSessions, openSession, renewSession, startSession } from '../session/sessions';
import { issueToken, type TokenTerm } from '../session/token';
import { sendMail, endLiveSessions } from '../notifications/deliver';
import { joinThroughInvitation } from '../invitations/service';

/** One verification mail per minute at most when the member did not ask for it directly. */
const VERIFICATION_MAIL_INTERVAL_MS = 60_000;

/**
 * Sends a mail without letting a mail outage undo the work already done (the account
 * exists; the member can ask for a new code). The failure is logged for the operator.
 */
export async function deliver(deps: Deps, message: MailMessage): Promise<void> {
  try {
    await sendMail(deps, message);
  } catch (error) {
    // No address in the logs: they are kept (docs/operations.md), an address is personal.
    console.error(`mail ("${message.subject}") failed`, error);
  }
}

/**
 * The jwt and user that login, verify, reset and change-password answer: a token of the
 * session whose `term` is given, or of a new session opened from the browser `userAgent` names.
 * A suspended member is refused (403, the reason and until when).
 */
export async function signIn(deps: Deps, account: Account, term?: TokenTerm, userAgent?: string): Promise<AuthResult> {
  // Every way in (password, verify, reset, social) ends here: a suspended member gets the 403 that says why and until when.
  assertNotSuspended(account.user, deps.clock.now(), 403);
  const sessionTerm = term ?? (await startSession(deps.db, deps.clock, account.user.id, userAgent));
  return { jwt: await issueToken(account.user, sessionTerm, deps.config.jwtSecret), user: toWireUser(account) };
}

/** Re-reads an account the caller knows exists (after an update). */
export async function reloadAccount(deps: Deps, userId: string): Promise<Account> {
  const account = await findAccountById(deps.db, userId);
  if (!account) throw new Error(`account ${userId} vanished during a request`);
  return account;
}

/** Throws the 400 for a new password the policy refuses. */
export function assertPasswordAllowed(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw invalidFields({ password: problem });
}

/**
 * Stores a new password hash and, in the same batch, bumps token_version (so no token signed
 * before is good) and ends every session but `keepSession`, whose token is renewed: the
 * member's own after a change. Without one (a reset), every session ends and a new one opens.
 * The sockets of the ended sessions are closed. Answers the term of the continuing session's
 * next token. `verifyEmail` also marks the email verified (a reset proves the member reads it).
 */
export async function setPassword(
  deps: Deps,
  userId: string,
  password: string,
  { verifyEmail = false, keepSession = null, userAgent }: { verifyEmail?: boolean; keepSession?: string | null; userAgent?: string } = {},
): Promise<TokenTerm> {
  const passwordHash = await deps.passwords.hash(password);
  const continuing = keepSession ? renewSession(deps.db, deps.clock, keepSession) : null;
  const opened = continuing ? null : openSession(deps.db, deps.clock, userId, userAgent);
  await runBatch(deps.db, [
    deps.db
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: deps.clock.now().toISOString(), ...(verifyEmail ? { emailVerified: true } : {}) })
      .where(eq(users.id, userId)),
    endSessions(deps.db, deps.clock, userId, { allBut: keepSession }, keepSession ? 'password-changed' : 'password-reset'),
    ...(continuing ? [continuing.statement] : opened!.statements),
  ]);
  await endLiveSessions(deps, userId, { allBut: keepSession }, 'password_changed');
  return continuing?.term ?? opened!.term;
}

/**
 * Mails the member that their password was changed or reset (ASVS 2.2.3), with the way
 * to a new reset link in case it was not them. The mail carries no code or password.
 */
export async function mailPasswordChanged(deps: Deps, user: Pick<Account['user'], 'email' | 'firstName'>, how: 'changed' | 'reset'): Promise<void> {
  await deliver(deps, passwordChangedMail(user.email, user.firstName, how, `${deps.config.appUrl}/forgot-password`));
}

/**
 * Issues a fresh verification code and mails it. With `throttle`, does nothing when a
 * code went out less than a minute ago (login retries and resend clicks).
 */
export async function sendVerificationCode(deps: Deps, account: Account, { throttle }: { throttle: boolean }): Promise<void> {
  const { user } = account;
  if (throttle) {
    const last = await latestCodeIssuedAt(deps.db, user.id, 'verify-email');
    if (last && deps.clock.now().getTime() - last.getTime() < VERIFICATION_MAIL_INTERVAL_MS) return;
  }
  const code = newVerificationCode();
  await storeCode(deps.db, deps.clock, user.id, 'verify-email', code);
  const url = `${deps.config.appUrl}/verify-email?email=${encodeURIComponent(user.email)}&code=${code}`;
  await deliver(deps, verificationMail(user.email, user.firstName, code, url, CODE_LIFETIME_SECONDS['verify-email'] / 60));
}

export type RegisterInput = Pick<NewAccount, 'firstName' | 'lastName' | 'email' | 'memberType'> & {
  password: string;
  ip: string;
  digest: boolean;
  invitation?: string | undefined;
};

/** Creates an unverified account with its consents (the digest as chosen) and mails its verification code. */
export async function register(deps: Deps, input: RegisterInput): Promise<User> {
  const email = normalizeEmail(input.email);
  await enforceLimits(deps.limiter, [
    ['registerByIp', input.ip],
    ['registerByEmail', email],
  ]);
  assertPasswordAllowed(input.password, email);
  const emailTaken = () => fieldError(409, AUTH_MESSAGES.emailTaken, { email: 'is already registered' });
  if (await findAccountByEmail(deps.db, email)) throw emailTaken();

  let account: Account;
  try {
    account = await createAccount(
      deps.db,
      deps.clock,
      {
        email,
        passwordHash: await deps.passwords.hash(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
        memberType: input.memberType,
      },
      (userId) => registrationConsents(deps.db, deps.clock, userId, input.digest, 'registration'),
    );
  } catch (error) {
    if (error instanceof EmailTakenError) throw emailTaken();
    throw error;
  }
  if (input.invitation) {
    // The account stands whatever the invitation's fate: its inviter is told when it can be.
    await joinThroughInvitation(deps, input.invitation, account.user.id).catch((error: unknown) => console.error('joining through an invitation failed', error));
  }
  await sendVerificationCode(deps, account, { throttle: false });
  return toWireUser(account);
}

/**
 * Email and password sign-in. Unknown emails cost one hash too and get the same answer
 * as a wrong password, so neither the answer nor its timing tells whether an account exists.
 */
export async function login(deps: Deps, input: { email: string; password: string; ip: string; userAgent?: string }): Promise<AuthResult> {
  const email = normalizeEmail(input.email);
  const attempt = await beginLoginAttempt(deps.limiter, { ip: input.ip, email });
  const account = await findAccountByEmail(deps.db, email);
  // An account with no password (signed up through a provider) costs the same hash as an unknown email.
  const matches =
    account && hasPassword(account.user.passwordHash)
      ? await deps.passwords.verify(input.password, account.user.passwordHash)
      : await deps.passwords.hash(input.password).then(() => false);
  if (!account || !matches) {
    throw fieldError(401, AUTH_MESSAGES.invalidCredentials, { password: 'does not match this email' });
  }
  // The password was right, even if the email still needs verifying: not a failed guess.
  await attempt.succeeded();
  if (!account.user.emailVerified) {
    await sendVerificationCode(deps, account, { throttle: true });
    throw fieldError(403, AUTH_MESSAGES.emailNotVerified, { email: 'is not verified' }, { reason: 'email_not_verified' });
  }
  if (deps.passwords.needsRehash(account.user.passwordHash)) {
    const passwordHash = await deps.passwords.hash(input.password);
    await deps.db.update(users).set({ passwordHash }).where(eq(users.id, account.user.id));
  }
  return signIn(deps, account, undefined, input.userAgent);
}

/** The one answer for a wrong, expired or used code: it does not say which. */
export function invalidCode(): ApiError {
  return fieldError(400, AUTH_MESSAGES.invalidCode, { code: 'is invalid or has expired' });
}

/**
 * Confirms the email with the six-digit code and signs the member in. An address already
 * verified (the mailed link opened a second time) is told so with a 409, so the member is sent
 * on to sign in instead of being told their used code is wrong.
 */
export async function verifyEmail(deps: Deps, input: { email: string; code: string; userAgent?: string }): Promise<AuthResult> {
  const email = normalizeEmail(input.email);
  await enforceLimits(deps.limiter, [['verifyByEmail', email]]);
  const account = await findAccountByEmail(deps.db, email);
  if (account?.user.emailVerified) throw fieldError(409, AUTH_MESSAGES.alreadyVerified, { email: 'is already verified' });
  if (!account || !(await guessCode(deps.db, deps.clock, account.user.id, 'verify-email', input.code))) throw invalidCode();
  await deps.db.update(users).set({ emailVerified: true, updatedAt: deps.clock.now().toISOString() }).where(eq(users.id, account.user.id));
  return signIn(deps, await reloadAccount(deps, account.user.id), undefined, input.userAgent);
}

/** Mails a new verification code when the account exists and still needs one; silent otherwise. */
export async function resendVerification(deps: Deps, input: { email: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  await enforceLimits(deps.limiter, [['resendByEmail', email]]);
  const account = await findAccountByEmail(deps.db, email);
  if (account && !account.user.emailVerified) await sendVerificationCode(deps, account, { throttle: true });
}

/**
 * Sets a new password for a signed-in member after checking the current one. Every other
 * session of the member ends; the caller's (`sessionId`) goes on with a fresh token.
 */
export async function changePassword(deps: Deps, account: Account, sessionId: string, input: { currentPassword: string; password: string }): Promise<AuthResult> {
  const { user } = account;
  await enforceLimits(deps.limiter, [['changePasswordByUser', user.id]]);
  if (!(await deps.passwords.verify(input.currentPassword, user.passwordHash))) {
    throw invalidFields({ currentPassword: 'is incorrect' });
  }
  if (input.password === input.currentPassword) throw invalidFields({ password: 'must differ from the current password' });
  assertPasswordAllowed(input.password, user.email);
  const term = await setPassword(deps, user.id, input.password, { keepSession: sessionId });
  await notifyPasswordChanged(deps, user.id, 'changed');
  await mailPasswordChanged(deps, user, 'changed');
  return signIn(deps, await reloadAccount(deps, user.id), term);
}
