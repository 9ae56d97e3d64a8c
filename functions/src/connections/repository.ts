/**
 * Reading and changing connection rows. Every change is one statement that states what
 * it expects (`WHERE status IN (…)`, the open-pair unique index, no block between the
 * two), so two requests racing can never both win or leave a half state.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { connections, type ConnectionRow, type ConnectionStatus } from '../db/schema';
import { blockedEitherWay } from '../members/blocks';

/** The key of a pair, the same whichever way round: the two ids sorted, joined by ':'. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/** The other member of a row, seen from `viewerId`. */
export function otherParty(row: Pick<ConnectionRow, 'requesterId' | 'receiverId'>, viewerId: string): string {
  return row.requesterId === viewerId ? row.receiverId : row.requesterId;
}

/** The open row between two members, if any. The literal IN list lets SQLite use the partial index. */
export async function findOpenBetween(db: Db, a: string, b: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.pairKey, pairKey(a, b)), sql`${connections.status} IN ('pending', 'accepted', 'ignored')`))
    .limit(1);
  return row;
}

export async function findConnection(db: Db, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(connections).where(eq(connections.id, id)).limit(1);
  return row;
}

/**
 * When `receiverId` last ignored a request from `requesterId` that then ended without
 * being accepted (still ignored, or withdrawn), if that was at or after `since`.
 */
export async function lastIgnoredSince(db: Db, requesterId: string, receiverId: string, since: string): Promise<string | null> {
  const [row] = await db
    .select({ ignoredAt: connections.ignoredAt })
    .from(connections)
    .where(
      and(
        eq(connections.pairKey, pairKey(requesterId, receiverId)),
        eq(connections.requesterId, requesterId),
        inArray(connections.status, ['ignored', 'withdrawn']),
        sql`${connections.ignoredAt} >= ${since}`,
      ),
    )
    .orderBy(desc(connections.ignoredAt))
    .limit(1);
  return row?.ignoredAt ?? null;
}

/** No block either way between the requester and the receiver of the row being written. */
function noBlockBetween(requester: SQL | string, receiver: SQL | string): SQL {
  return sql`NOT ${blockedEitherWay(requester, receiver)}`;
}

/** Thrown when the pair already has an open row: another click got there first. */
export class OpenPairTakenError extends Error {
  constructor() {
    super('the pair already has an open connection row');
    this.name = 'OpenPairTakenError';
  }
}

function isOpenPairViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (/UNIQUE constraint failed: connections\.pair_key/.test(current.message)) return true;
  }
  return false;
}

/**
 * Stores a new request unless a block stands between the two (then it returns false).
 * Throws OpenPairTakenError when the pair already has an open row.
 */
export async function insertRequest(db: Db, row: ConnectionRow): Promise<boolean> {
  try {
    const result = await db.run(sql`
      INSERT INTO connections (id, requester_id, receiver_id, pair_key, status, note, ignored_at, responded_at, created_at, updated_at)
      SELECT ${row.id}, ${row.requesterId}, ${row.receiverId}, ${row.pairKey}, ${row.status}, ${row.note}, ${row.ignoredAt}, ${row.respondedAt}, ${row.createdAt}, ${row.updatedAt}
      WHERE ${noBlockBetween(row.requesterId, row.receiverId)}`);
    return result.meta.changes === 1;
  } catch (error) {
    if (isOpenPairViolation(error)) throw new OpenPairTakenError();
    throw error;
  }
}

/** Which party may make a change: the receiver, the requester, or either. */
export type Party = 'receiver' | 'requester' | 'either';

export type Transition = {
  id: string;
  viewerId: string;
  party: Party;
  from: readonly ConnectionStatus[];
  set: Partial<Pick<ConnectionRow, 'status' | 'ignoredAt' | 'respondedAt' | 'updatedAt'>>;
  /** Refuse when a block stands between the two (accepting must not reconnect them). */
  unlessBlocked?: boolean;
};

const IS_PARTY: Record<Party, (row: Pick<ConnectionRow, 'requesterId' | 'receiverId'>, viewerId: string) => boolean> = {
  receiver: (row, viewerId) => row.receiverId === viewerId,
  requester: (row, viewerId) => row.requesterId === viewerId,
  either: (row, viewerId) => row.requesterId === viewerId || row.receiverId === viewerId,
};

/** Whether the viewer is the party of the row that may make a change. */
export function isParty(row: Pick<ConnectionRow, 'requesterId' | 'receiverId'>, viewerId: string, party: Party): boolean {
  return IS_PARTY[party](row, viewerId);
}

function partyTest(party: Party, viewerId: string): SQL {
  if (party === 'receiver') return eq(connections.receiverId, viewerId);
  if (party === 'requester') return eq(connections.requesterId, viewerId);
  return sql`(${connections.requesterId} = ${viewerId} OR ${connections.receiverId} = ${viewerId})`;
}

/**
 * Moves a row from one of `from` to the new values in one conditional UPDATE; the
 * changed row, or undefined when it was not in an expected state (or not the viewer's).
 */
export async function transition(db: Db, change: Transition): Promise<ConnectionRow | undefined> {
  const conditions = [eq(connections.id, change.id), partyTest(change.party, change.viewerId), inArray(connections.status, [...change.from])];
  if (change.unlessBlocked) conditions.push(noBlockBetween(sql`${connections.requesterId}`, sql`${connections.receiverId}`));
  const [row] = await db
    .update(connections)
    .set(change.set)
    .where(and(...conditions))
    .returning();
  return row;
}
