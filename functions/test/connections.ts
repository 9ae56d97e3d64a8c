/**
 * Helpers for the connection tests: PUT/DELETE requests, members connected or asked in
 * one call, the rows of a pair straight from D1, and sessions for an app on a test clock.
 */
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../src/clock';
import { db } from '../src/db/client';
import { pairKey } from '../src/connections/repository';
import { connections, type ConnectionRow } from '../src/db/schema';
import { bodyOf, call, post, sessionToken, signedInMember, type App } from './api';

type Member = Awaited<ReturnType<typeof signedInMember>>;
type Options = { app?: App };

export const put = (path: string, token: string, options: Options = {}) => call('PUT', path, undefined, { token, ...options });
export const del = (path: string, token: string, options: Options = {}) => call('DELETE', path, undefined, { token, ...options });

const namePrefix = crypto.randomUUID().slice(0, 6);
let nameSequence = 0;

/**
 * `count` signed-in members made at once, each with a name of its own (members with the
 * same name made at the same moment race for one slug).
 */
export function someMembers(count: number, overrides: Parameters<typeof signedInMember>[0] = {}): Promise<Member[]> {
  return Promise.all(Array.from({ length: count }, () => signedInMember({ lastName: `Tester ${namePrefix} ${++nameSequence}`, ...overrides })));
}

/** `member` blocks `other`. */
export const block = (member: Pick<Member, 'jwt'>, other: Pick<Member, 'user'>) => post(`/connection/block/${other.user.id}`, undefined, { token: member.jwt });

/** `from` asks `to` to connect. */
export function connectTo(from: Pick<Member, 'jwt'>, to: Pick<Member, 'user'>, note?: string, options: Options = {}) {
  return post('/connection/connect', { receiverId: to.user.id, ...(note === undefined ? {} : { note }) }, { token: from.jwt, ...options });
}

/** `from` asks `to`; the id of the request (fails the test when it is refused). */
export async function requestId(from: Member, to: Member, options: Options = {}): Promise<string> {
  const response = await connectTo(from, to, undefined, options);
  if (response.status !== 201) throw new Error(`connect answered ${response.status}: ${await response.text()}`);
  return (await bodyOf(response)).connection._id;
}

/** Two members and the request the first sent the second. */
export async function pendingPair() {
  const [requester, receiver] = await Promise.all([signedInMember({ firstName: 'Rita' }), signedInMember({ firstName: 'Ravi' })]);
  // (Different first names: the two never race for a slug.)
  return { requester, receiver, id: await requestId(requester, receiver) };
}

/** Two connected members and the connection's id. */
export async function connectedPair() {
  const pair = await pendingPair();
  const response = await put(`/connection/accepted/${pair.id}`, pair.receiver.jwt);
  if (response.status !== 200) throw new Error(`accept answered ${response.status}`);
  return pair;
}

/** Every row between two members, in the order they were stored. */
export async function rowsBetween(a: Pick<Member, 'user'>, b: Pick<Member, 'user'>): Promise<ConnectionRow[]> {
  return db(env)
    .select()
    .from(connections)
    .where(eq(connections.pairKey, pairKey(a.user.id, b.user.id)))
    .orderBy(sql`rowid`);
}

/** A session token for `member` made on `clock` (for an app running on that clock). */
export function tokenAt(member: Pick<Member, 'user'>, clock: Clock): Promise<string> {
  return sessionToken(member.user, clock);
}

/** An id of the right shape that names nothing. */
export const UNKNOWN_ID = 'ffffffffffffffffffffffff';
