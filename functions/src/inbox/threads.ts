/**
 * Threads: one per pair of members, made the first time either opens it or writes, and
 * kept when the connection ends (read only) so a new connection reopens the same history.
 * The list, one thread as a member sees it, opening a thread with a member and the count
 * of unread messages. Blocked either way: the thread is hidden from both.
 *
 * Each member's threads are in their mailbox (inbox-object.ts); who the other member is (their
 * card), whether the two may write and who is blocked are D1's. So a reading asks D1 for the
 * members to leave out, the mailbox for the threads, and D1 for the cards of those shown.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { StoredThread, ThreadFilter } from '../ports/inbox';
import { blockedIds, isBlockedBetween } from '../members/blocks';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, toMemberCard, type MemberCardRow } from '../members/cards';
import { offsetOf, pageOf } from '../db/paging';
import { pairKey } from '../connections/repository';
import type { MemberCard } from '../members/schemas';
import { idFrom } from '../db/ids';
import { ApiError, invalidFields } from '../errors';
import { INBOX_MESSAGES as M } from '../shared/inbox-messages';
import { connectedPair } from './queries';
import type { Thread, ThreadPage } from './schemas';
import { toThread } from './wire';

export type InboxDeps = Pick<Deps, 'db' | 'inbox'>;

/** A member's card with whether they and the viewer may write to each other now. */
export type OtherMember = { row: MemberCardRow; connected: boolean };

/**
 * The cards of the viewer and of other members, each other member with whether the pair may
 * write now (one D1 query). A member D1 no longer knows is missing from the map.
 */
export async function cardsFor(
  deps: Pick<Deps, 'db'>,
  viewerId: string,
  otherIds: readonly string[],
): Promise<{ viewer: MemberCard; viewerRow: MemberCardRow; others: Map<string, OtherMember> }> {
  const ids = JSON.stringify([viewerId, ...otherIds]);
  const rows = await deps.db.all<MemberCardRow & { connected: number }>(sql`
    SELECT ${MEMBER_CARD_COLUMNS}, ${connectedPair(sql`(CASE WHEN u.id < ${viewerId} THEN u.id || ':' || ${viewerId} ELSE ${viewerId} || ':' || u.id END)`)} AS connected
    FROM users u ${MEMBER_CARD_JOINS} WHERE u.id IN (SELECT value FROM json_each(${ids}))`);
  const viewerRow = rows.find((row) => row.m_id === viewerId);
  if (!viewerRow) throw new ApiError(401, 'Your account no longer exists.');
  const others = new Map(rows.filter((row) => row.m_id !== viewerId).map((row) => [row.m_id, { row, connected: row.connected === 1 }]));
  return { viewer: toMemberCard(viewerRow), viewerRow, others };
}

/** A mailbox's thread as the viewer sees it, with the other member's card. */
export function threadOf(stored: StoredThread, other: OtherMember, viewer: MemberCard): Thread {
  return toThread({ ...stored, ...other.row, t_connected: other.connected ? 1 : 0 }, viewer);
}

/** The members a block either way hides from the viewer, as the mailbox takes them. */
export async function hiddenFrom(deps: Pick<Deps, 'db'>, viewerId: string): Promise<string[]> {
  return [...(await blockedIds(deps, viewerId))];
}

/** A member's threads with at least one message, newest first. */
export async function listThreads(deps: InboxDeps, viewerId: string, request: { page: number; limit: number; msgStatus: ThreadFilter }): Promise<ThreadPage> {
  const hidden = await hiddenFrom(deps, viewerId);
  const { rows, total } = await deps.inbox.of(viewerId).list(request.msgStatus, request.limit, offsetOf(request), hidden);
  const { viewer, others } = await cardsFor(
    deps,
    viewerId,
    rows.map((row) => row.other_id),
  );
  const threads = rows.flatMap((row) => {
    const other = others.get(row.other_id);
    return other ? [threadOf(row, other, viewer)] : [];
  });
  return pageOf(threads, total, request);
}

/** A thread as a member sees it (null where hidden or not theirs), with the member's own card. */
export type ThreadView = { thread: Thread | null; viewer: MemberCard };

/** One thread as each of the given members sees it. */
export async function threadViews(deps: InboxDeps, threadId: string, viewerIds: readonly string[]): Promise<ThreadView[]> {
  return Promise.all(
    viewerIds.map(async (viewerId) => {
      const [hidden, stored] = await Promise.all([hiddenFrom(deps, viewerId), deps.inbox.of(viewerId).thread(threadId, [])]);
      const shown = stored && !hidden.includes(stored.other_id) ? stored : null;
      const { viewer, others } = await cardsFor(deps, viewerId, shown ? [shown.other_id] : []);
      const other = shown ? others.get(shown.other_id) : undefined;
      return { thread: shown && other ? threadOf(shown, other, viewer) : null, viewer };
    }),
  );
}

/** One thread as the viewer sees it; 404 when it is not theirs or a block hides it. */
export async function threadView(deps: InboxDeps, viewerId: string, threadId: string): Promise<Thread> {
  const [view] = await threadViews(deps, threadId, [viewerId]);
  if (!view?.thread) throw new ApiError(404, M.threadNotFound);
  return view.thread;
}

/** What stands between two members: whether the other exists, a block either way, a connection, their thread and both cards. */
export type PairState = {
  member: boolean;
  blocked: boolean;
  connected: boolean;
  threadId: string | null;
  hasHistory: boolean;
  viewer: MemberCard;
  viewerRow: MemberCardRow;
  other: OtherMember | null;
};

/** The pair's facts from D1 and the viewer's thread with the other member from their mailbox, side by side. */
export async function pairState(deps: InboxDeps, viewerId: string, otherId: string): Promise<PairState> {
  const [blocked, cards, thread] = await Promise.all([isBlockedBetween(deps, viewerId, otherId), cardsFor(deps, viewerId, [otherId]), deps.inbox.of(viewerId).threadWith(otherId)]);
  const other = cards.others.get(otherId) ?? null;
  return {
    member: other !== null,
    blocked,
    connected: other?.connected ?? false,
    threadId: thread?.id ?? null,
    hasHistory: thread?.has_history === 1,
    viewer: cards.viewer,
    viewerRow: cards.viewerRow,
    other,
  };
}

/**
 * The id of a pair's thread: the same for both members, whoever writes or opens it first
 * (24 hex characters, as every id), so two first messages at once meet in one thread.
 */
export function threadIdOf(a: string, b: string): Promise<string> {
  return idFrom(`thread:${pairKey(a, b)}`);
}

/** The viewer's thread with a member, made in their mailbox when it does not exist yet. */
export async function ensureThread(deps: Pick<Deps, 'inbox' | 'clock'>, viewerId: string, otherId: string): Promise<string> {
  const threadId = await threadIdOf(viewerId, otherId);
  await deps.inbox.of(viewerId).ensureThread(threadId, otherId, deps.clock.now().toISOString());
  return threadId;
}

/**
 * Opens the thread with a member (POST /connections/threads): theirs with its history, or
 * a new one when the two are connected. Without a connection a thread with history still
 * opens, read only; one without history is refused (403).
 */
export async function openThread(deps: InboxDeps & Pick<Deps, 'clock'>, viewerId: string, userId: string): Promise<Thread> {
  if (userId === viewerId) throw invalidFields({ userId: M.yourself });
  const state = await pairState(deps, viewerId, userId);
  if (!state.member || state.blocked) throw new ApiError(404, M.memberNotFound);
  if (!state.connected && !state.hasHistory) throw new ApiError(403, M.connectionsOnly);
  const threadId = state.threadId ?? (await ensureThread(deps, viewerId, userId));
  const stored = await deps.inbox.of(viewerId).thread(threadId, []);
  if (!stored) throw new ApiError(404, M.threadNotFound);
  return threadOf(stored, state.other!, state.viewer);
}

/** The unread messages of a member, threads hidden by a block left out. */
export async function unseenMessageCount(deps: InboxDeps, userId: string): Promise<number> {
  return deps.inbox.of(userId).unreadTotal(await hiddenFrom(deps, userId));
}
