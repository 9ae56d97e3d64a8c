/**
 * Threads: one per pair of members, made the first time either opens it or writes, and
 * kept when the connection ends (read only) so a new connection reopens the same history.
 * The list, one thread as a member sees it, opening a thread with a member and the count
 * of unread messages. Blocked either way: the thread is hidden from both.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { blockedWith } from '../members/blocks';
import { toMemberCard, type MemberCardRow } from '../members/cards';
import { pageOf } from '../db/paging';
import { pairKey } from '../connections/repository';
import type { MemberCard } from '../members/schemas';
import { runBatch } from '../db/batch';
import { ApiError, invalidFields } from '../errors';
import { INBOX_MESSAGES as M } from './messages';
import { cardStatement, connectedPair, threadPageStatements, threadStatement, unseenCountStatement, type MessageFilter } from './queries';
import type { Thread, ThreadPage } from './schemas';
import { toThread, type ThreadRow } from './wire';

type Rows<T> = { results: T[] };

function cardOf(result: Rows<MemberCardRow> | undefined): MemberCard {
  const [row] = result?.results ?? [];
  if (!row) throw new ApiError(401, 'Your account no longer exists.');
  return toMemberCard(row);
}

/** A member's threads with at least one message, newest first (one D1 round trip). */
export async function listThreads(deps: Pick<Deps, 'db'>, viewerId: string, request: { page: number; limit: number; msgStatus: MessageFilter }): Promise<ThreadPage> {
  const statements = threadPageStatements(viewerId, { page: request.page, limit: request.limit, filter: request.msgStatus });
  const [page, total, card] = (await runBatch(deps.db, [statements.page, statements.total, cardStatement(viewerId)])) as unknown as [
    Rows<ThreadRow>,
    Rows<{ n: number }>,
    Rows<MemberCardRow>,
  ];
  const viewer = cardOf(card);
  return pageOf(
    page.results.map((row) => toThread(row, viewer)),
    total.results[0]!.n,
    request,
  );
}

/** A thread as a member sees it (null where hidden or not theirs), with the member's own card. */
export type ThreadView = { thread: Thread | null; viewer: MemberCard };

/** The statements reading one thread as each of the given members sees it (two per member), for a batch. */
export function threadViewStatements(threadId: string, viewerIds: readonly string[]) {
  return viewerIds.flatMap((viewerId) => [threadStatement(viewerId, threadId), cardStatement(viewerId)]);
}

/** The views of threadViewStatements' results, in the members' order. */
export function threadViewsOf(results: ReadonlyArray<{ results: unknown[] }>, viewerIds: readonly string[]): ThreadView[] {
  return viewerIds.map((_, index) => {
    const [row] = results[index * 2]!.results as ThreadRow[];
    const viewer = cardOf(results[index * 2 + 1] as Rows<MemberCardRow>);
    return { thread: row ? toThread(row, viewer) : null, viewer };
  });
}

/** One thread as each of the given members sees it, in one round trip. */
export async function threadViews(deps: Pick<Deps, 'db'>, threadId: string, viewerIds: readonly string[]): Promise<ThreadView[]> {
  return threadViewsOf(await runBatch(deps.db, threadViewStatements(threadId, viewerIds)), viewerIds);
}

/** One thread as the viewer sees it; 404 when it is not theirs or a block hides it. */
export async function threadView(deps: Pick<Deps, 'db'>, viewerId: string, threadId: string): Promise<Thread> {
  const [view] = await threadViews(deps, threadId, [viewerId]);
  if (!view?.thread) throw new ApiError(404, M.threadNotFound);
  return view.thread;
}

/** What stands between two members: whether the other exists, a block either way, a connection, their thread. */
export type PairState = {
  member: boolean;
  blocked: boolean;
  connected: boolean;
  threadId: string | null;
  hasHistory: boolean;
  /** When the thread's newest message was sent (or the thread made); null without a thread. */
  threadUpdatedAt: string | null;
};

export async function pairState(deps: Pick<Deps, 'db'>, viewerId: string, otherId: string): Promise<PairState> {
  const key = pairKey(viewerId, otherId);
  const [row] = await deps.db.all<{
    member: number;
    blocked: number;
    connected: number;
    thread_id: string | null;
    last_message_id: string | null;
    updated_at: string | null;
  }>(sql`
    SELECT EXISTS (SELECT 1 FROM users WHERE id = ${otherId}) AS member,
      ${otherId} IN ${blockedWith(viewerId)} AS blocked,
      ${connectedPair(key)} AS connected,
      t.id AS thread_id, t.last_message_id, t.updated_at
    FROM (SELECT 1) LEFT JOIN threads t ON t.pair_key = ${key}`);
  return {
    member: row!.member === 1,
    blocked: row!.blocked === 1,
    connected: row!.connected === 1,
    threadId: row!.thread_id,
    hasHistory: row!.last_message_id !== null,
    threadUpdatedAt: row!.updated_at,
  };
}

/**
 * The pair's thread id, made with both members' sides when it does not exist yet. Two
 * first messages at once meet on the unique pair key and share one thread.
 */
export async function ensureThread(deps: Pick<Deps, 'db' | 'clock'>, a: string, b: string): Promise<string> {
  const key = pairKey(a, b);
  const at = deps.clock.now().toISOString();
  const threadId = sql`(SELECT id FROM threads WHERE pair_key = ${key})`;
  const side = (userId: string, otherId: string) => sql`
    INSERT INTO thread_members (thread_id, user_id, other_id, unread_count, last_message_at)
    VALUES (${threadId}, ${userId}, ${otherId}, 0, NULL) ON CONFLICT DO NOTHING`;
  const results = await runBatch<{ id: string }>(deps.db, [
    sql`INSERT INTO threads (id, pair_key, last_message_id, created_at, updated_at) VALUES (${newId()}, ${key}, NULL, ${at}, ${at}) ON CONFLICT (pair_key) DO NOTHING`,
    side(a, b),
    side(b, a),
    sql`SELECT id FROM threads WHERE pair_key = ${key}`,
  ]);
  return results[3]!.results[0]!.id;
}

/**
 * Opens the thread with a member (POST /connections/threads): theirs with its history, or
 * a new one when the two are connected. Without a connection a thread with history still
 * opens, read only; one without history is refused (403).
 */
export async function openThread(deps: Pick<Deps, 'db' | 'clock'>, viewerId: string, userId: string): Promise<Thread> {
  if (userId === viewerId) throw invalidFields({ userId: M.yourself });
  const state = await pairState(deps, viewerId, userId);
  if (!state.member || state.blocked) throw new ApiError(404, M.memberNotFound);
  if (!state.connected && !state.hasHistory) throw new ApiError(403, M.connectionsOnly);
  const threadId = state.threadId ?? (await ensureThread(deps, viewerId, userId));
  return threadView(deps, viewerId, threadId);
}

/** The unread messages of a member, threads hidden by a block left out. */
export async function unseenMessageCount(deps: Pick<Deps, 'db'>, userId: string): Promise<number> {
  const [row] = await deps.db.all<{ n: number }>(unseenCountStatement(userId));
  return row?.n ?? 0;
}
