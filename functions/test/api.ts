/**
 * Helpers for the API tests: requests through the real app inside workerd, unique
 * emails and client addresses (tests share D1 and the rate limiters, so they must never
 * collide), the dev mailbox, and members created without paying for scrypt each time.
 */
import { env } from 'cloudflare:workers';
import { createApp } from '../src/app';
import { startSession } from '../src/session/sessions';
import { issueToken } from '../src/session/token';
import { hashPassword } from '../src/auth/password';
import { type Clock, systemClock } from '../src/clock';
import { db } from '../src/db/client';
import { createAccount, type NewAccount } from '../src/users/repository';
import type { StoredMail } from '../src/mail/dev-mailbox';
import type { Account } from '../src/users/wire';

export const defaultApp = createApp();
export type App = ReturnType<typeof createApp>;

let sequence = 0;
const runId = crypto.randomUUID().slice(0, 8);

/** An address no other test uses. */
export function uniqueEmail(label = 'member'): string {
  return `${label}-${runId}-${++sequence}@example.com`;
}

/** A client address no other test uses, so rate limits never leak between tests. */
export function uniqueIp(): string {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `10.${a}.${b}.${(c! % 250) + 1}`;
}

type RequestOptions = { token?: string; headers?: Record<string, string>; app?: App; env?: Env; ip?: string };

/** Sends a request to the app as one client (its own IP unless given). */
export async function call(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'CF-Connecting-IP': options.ip ?? uniqueIp(), ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    payload = typeof body === 'string' ? body : JSON.stringify(body);
  }
  return (options.app ?? defaultApp).request(path, { method, headers, body: payload }, options.env ?? env);
}

export const post = (path: string, body?: unknown, options?: RequestOptions) => call('POST', path, body, options);
export const get = (path: string, options?: RequestOptions) => call('GET', path, undefined, options);

/**
 * The response body, typed loosely for assertions. An error body (the API's shape; the live
 * connection's protocol errors have their own) must carry the request id of
 * the answer's `X-Request-Id` header (http/request-log.ts); it is checked here and left out, so
 * tests compare the API's `{ message, status, data }` as they always did.
 */
export async function bodyOf<T = any>(response: Response): Promise<T> {
  const body = await response.json();
  const isErrorShape = typeof body === 'object' && body !== null && 'message' in body && 'status' in body;
  if (response.status < 400 || !isErrorShape) return body as T;
  const { requestId, ...rest } = body as { requestId?: unknown };
  const header = response.headers.get('X-Request-Id');
  if (!header || requestId !== header) throw new Error(`error body's requestId ${String(requestId)} is not the X-Request-Id header ${String(header)}`);
  return rest as T;
}

/** A valid registration body for a new address. */
export function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail('register'),
    password: 'analytical-engine',
    memberType: 'founder',
    agreement: true,
    subscription: true,
    ...overrides,
  };
}

/** Every dev-mailbox message to an address, newest first. */
export async function mailTo(email: string): Promise<StoredMail[]> {
  const response = await get(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  return (await bodyOf<{ messages: StoredMail[] }>(response)).messages;
}

/** The six-digit code of the newest verification mail to an address (other mails skipped). */
export async function verificationCodeFor(email: string): Promise<string> {
  const codes = (await mailTo(email)).map((mail) => /verification code is:\s+(\d{6})/.exec(mail.text)?.[1]);
  const code = codes.find(Boolean);
  if (!code) throw new Error(`no verification code mailed to ${email}`);
  return code;
}

/** The code of the newest reset link mailed to an address (other mails skipped). */
export async function resetCodeFor(email: string): Promise<string> {
  const codes = (await mailTo(email)).map((mail) => /reset-password\?code=([\w-]+)/.exec(mail.text)?.[1]);
  const code = codes.find(Boolean);
  if (!code) throw new Error(`no reset link mailed to ${email}`);
  return code;
}

export const MEMBER_PASSWORD = 'member-password-1';
// One real scrypt hash for all members made by `createMember` in a test file.
let memberHash: Promise<string> | undefined;

/** Creates an account straight in D1 (verified unless told otherwise) with MEMBER_PASSWORD. */
export async function createMember(overrides: Partial<NewAccount> = {}): Promise<Account & { password: string }> {
  memberHash ??= hashPassword(MEMBER_PASSWORD);
  const account = await createAccount(db(env), systemClock, {
    email: uniqueEmail('seeded'),
    passwordHash: await memberHash,
    firstName: 'Grace',
    lastName: 'Hopper',
    memberType: 'founder',
    emailVerified: true,
    onboarded: true,
    ...overrides,
  });
  return { ...account, password: MEMBER_PASSWORD };
}

/** A token of a new session of `user`, opened at the clock's time (the real one unless given). */
export async function sessionToken(user: Account['user'], clock: Clock = systemClock): Promise<string> {
  return issueToken(user, await startSession(db(env), clock, user.id), env.JWT_SECRET);
}

/** A verified member and a valid session token for it. */
export async function signedInMember(overrides: Partial<NewAccount> = {}): Promise<Account & { password: string; jwt: string }> {
  const member = await createMember(overrides);
  return { ...member, jwt: await sessionToken(member.user) };
}
