/**
 * Who may call each operation, walked over the whole OpenAPI document (so a route added later
 * is walked too): the security an operation declares is the guard that runs. Members only
 * (`[{ bearerAuth: [] }]`): 401 signed out and with a forged token, before anything reads the
 * request. Visitors and members (`[{ bearerAuth: [] }, {}]`) and public operations (`[]`):
 * never that 401, whatever the token. Administrators only: 403 to every other member, exactly
 * for the paths under /admin. A member is never turned away as signed out. Path parameters
 * name nothing that exists and bodies are empty, so the walk changes no real record.
 */
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, sessionToken, signedInMember } from '../../test/api';
import { MEMBER_SECURITY, OPTIONAL_MEMBER_SECURITY, PUBLIC_SECURITY } from '../openapi/security';
import { SESSION_MESSAGES } from './messages';

type Operation = { name: string; method: string; path: string; url: string; hasBody: boolean; security: unknown };

const document = await bodyOf<{ paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown }>> }>(await get('/openapi.json'));

/** A value for a path parameter that matches its pattern but no record: an id, else a key. */
const placeholder = (name: string) => (/id$/i.test(name) ? 'f'.repeat(24) : 'no-such-thing');

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    name: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    url: path.replace(/\{(\w+)\}/g, (_, name: string) => placeholder(name)),
    hasBody: operation.requestBody !== undefined,
    security: operation.security,
  })),
);

/** Operations that read the token in their handler, after checks of their own: the live connection answers socket.io's handshake errors first (live/routes.ts). */
const OWN_GUARD = new Set(['GET /socket.io/']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const membersOnly = (operation: Operation) => same(operation.security, MEMBER_SECURITY);
const adminsOnly = (operation: Operation) => operation.path.startsWith('/admin/');

/** The answer, as `401 Authentication required.`: the status and the message of an error. */
async function send(operation: Operation, token?: string): Promise<string> {
  const response = await call(operation.method, operation.url, operation.hasBody ? {} : undefined, token ? { token } : {});
  const text = await response.text();
  const message = response.status >= 400 && text.startsWith('{') ? (JSON.parse(text) as { message?: string }).message : undefined;
  return `${response.status} ${message ?? ''}`.trim();
}

const SIGNED_OUT = `401 ${SESSION_MESSAGES.authenticationRequired}`;
const EXPIRED = `401 ${SESSION_MESSAGES.sessionExpired}`;
const ADMIN_ONLY = `403 ${SESSION_MESSAGES.adminOnly}`;

describe('the guards of every operation', () => {
  it('walk the whole document, each operation with one of the three securities', () => {
    expect(operations.length).toBeGreaterThan(120);
    const kinds = [MEMBER_SECURITY, OPTIONAL_MEMBER_SECURITY, PUBLIC_SECURITY];
    expect(operations.filter((operation) => !kinds.some((kind) => same(operation.security, kind))).map(({ name }) => name)).toEqual([]);
    expect(operations.filter(membersOnly).length).toBeGreaterThan(90);
    expect(operations.filter(adminsOnly).every(membersOnly)).toBe(true);
  });

  it('turn away a caller who is not signed in exactly where the operation declares members only', async () => {
    const wrong: string[] = [];
    for (const operation of operations.filter(({ name }) => !OWN_GUARD.has(name))) {
      const [signedOut, forged] = await Promise.all([send(operation), send(operation, 'not.a.token')]);
      const refused = (answer: string) => answer === SIGNED_OUT || answer === EXPIRED;
      if (membersOnly(operation) !== refused(signedOut)) wrong.push(`${operation.name} signed out: ${signedOut}`);
      if (membersOnly(operation) !== refused(forged)) wrong.push(`${operation.name} with a forged token: ${forged}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('let members in everywhere but /admin, and administrators everywhere', async () => {
    const member = await signedInMember();
    const admin = await signedInMember({ userRole: 'admin' });
    const wrong: string[] = [];
    for (const operation of operations) {
      // A new session for each call: the sign-out operations end the one they are called with.
      const [asMember, asAdmin] = await Promise.all([
        sessionToken(member.user).then((token) => send(operation, token)),
        sessionToken(admin.user).then((token) => send(operation, token)),
      ]);
      if (asMember.startsWith('401') || (asMember === ADMIN_ONLY) !== adminsOnly(operation)) wrong.push(`${operation.name} as a member: ${asMember}`);
      if (asAdmin.startsWith('401') || asAdmin === ADMIN_ONLY) wrong.push(`${operation.name} as an administrator: ${asAdmin}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
