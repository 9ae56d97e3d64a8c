/**
 * Connection requests and their answers: connect, accept, ignore, withdraw, remove.
 * Plain functions over injected dependencies; every refusal is an ApiError. Other
 * people's rows answer 404 exactly like rows that do not exist.
 */
import type { Deps } from '../deps';
import type { ConnectionRow, ConnectionStatus } from '../db/schema';
import { newId } from '../db/ids';
import { publishEvent } from '../events/publish';
import { ApiError, invalidFields } from '../errors';
import { blockBetween } from '../members/blocks';
import { findMemberCard } from '../members/cards';
import { enforceLimits } from '../rate-limit/policies';
import { sendRequestCounts } from './live-events';
import { CONNECTION_MESSAGES as M } from './messages';
import { findConnection, findOpenBetween, insertRequest, isParty, lastIgnoredSince, OpenPairTakenError, otherParty, pairKey, transition, type Party } from './repository';
import type { ConnectionChange } from './schemas';
import type { MemberCard } from '../members/schemas';
import { toConnection } from './wire';

/** For 30 days after an ignore, new requests from the same sender are stored silently as ignored. */
export const IGNORE_COOLDOWN_DAYS = 30;
const DAY_MS = 86_400_000;
/** Races resolve in one retry; a third lost race means something else is wrong. */
const MAX_ATTEMPTS = 3;

/** The answer to a change: the new state and the row as the viewer sees it (with the other member's card). */
async function answer(deps: Deps, state: ConnectionChange['state'], row: ConnectionRow, viewerId: string, member?: MemberCard): Promise<ConnectionChange> {
  const card = member ?? (await findMemberCard(deps, otherParty(row, viewerId)));
  if (!card) throw new ApiError(404, M.memberNotFound);
  return { state, connection: toConnection(row, viewerId, card) };
}

/**
 * The card of the member a request may go to, or the refusal: unknown or blocking the
 * viewer (404), blocked by the viewer (409).
 */
async function reachableMember(deps: Deps, viewerId: string, receiverId: string): Promise<MemberCard> {
  const member = await findMemberCard(deps, receiverId);
  if (!member) throw new ApiError(404, M.memberNotFound);
  const block = await blockBetween(deps, viewerId, receiverId);
  if (block.theyBlocked) throw new ApiError(404, M.memberNotFound);
  if (block.viewerBlocked) throw new ApiError(409, M.unblockFirst);
  return member;
}

async function acceptRow(deps: Deps, row: ConnectionRow, viewerId: string): Promise<ConnectionRow | undefined> {
  const at = deps.clock.now().toISOString();
  const accepted = await transition(deps.db, {
    id: row.id,
    viewerId,
    party: 'receiver',
    from: ['pending', 'ignored'],
    set: { status: 'accepted', respondedAt: at, updatedAt: at },
    unlessBlocked: true,
  });
  if (accepted) {
    await publishEvent(deps, { type: 'connection.accepted', actorId: viewerId, subjectId: accepted.requesterId, connectionId: accepted.id });
    // The requester's counts changed too (one fewer sent, one more connection): their open
    // connections screen refreshes its counts and tab on any counts event.
    await sendRequestCounts(deps, viewerId, accepted.requesterId);
  }
  return accepted;
}

/**
 * Counts a request about to be stored against the sender's limits (each one notifies its
 * receiver): so many an hour, and a few a day to the same member, so that connect, withdraw,
 * connect again cannot flood them. Silent requests count too: the sender cannot tell them apart.
 */
function limitRequests(deps: Deps, viewerId: string, receiverId: string): Promise<void> {
  return enforceLimits(
    deps.limiter,
    [
      ['connectRequestsByMember', viewerId],
      ['connectRequestsToMember', `${viewerId}:${receiverId}`],
    ],
    'connection requests',
  );
}

/**
 * Sends a request. A request to someone who already asked the viewer (pending, or
 * ignored by the viewer) accepts theirs. Within 30 days of the receiver ignoring the
 * viewer, the request is stored silently as ignored: the viewer sees it pending, the
 * receiver sees nothing. Two clicks racing leave one row; the loser answers as if the
 * winner's click had come first. Stored requests are limited (`limitRequests`: 429).
 */
export async function connect(deps: Deps, viewerId: string, input: { receiverId: string; note?: string | null }): Promise<ConnectionChange> {
  const { receiverId } = input;
  if (receiverId === viewerId) throw invalidFields({ receiverId: M.yourself });
  const note = input.note?.trim() || null;

  let counted = false;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const member = await reachableMember(deps, viewerId, receiverId);
    const open = await findOpenBetween(deps.db, viewerId, receiverId);
    if (open?.status === 'accepted') throw new ApiError(409, M.alreadyConnected);
    if (open?.requesterId === viewerId) throw new ApiError(409, M.alreadySent);
    if (open) {
      const accepted = await acceptRow(deps, open, viewerId);
      if (accepted) return answer(deps, 'connected', accepted, viewerId, member);
      continue;
    }

    if (!counted) {
      await limitRequests(deps, viewerId, receiverId);
      counted = true;
    }
    const now = deps.clock.now();
    const at = now.toISOString();
    const ignoredAt = await lastIgnoredSince(deps.db, viewerId, receiverId, new Date(now.getTime() - IGNORE_COOLDOWN_DAYS * DAY_MS).toISOString());
    const row: ConnectionRow = {
      id: newId(),
      requesterId: viewerId,
      receiverId,
      pairKey: pairKey(viewerId, receiverId),
      status: ignoredAt ? 'ignored' : 'pending',
      note,
      // A silent request keeps the first ignore's time, so the 30 days are not extended.
      ignoredAt,
      respondedAt: null,
      createdAt: at,
      updatedAt: at,
    };
    try {
      if (!(await insertRequest(deps.db, row))) continue; // a block landed in between: reachableMember says which
    } catch (error) {
      if (error instanceof OpenPairTakenError) continue;
      throw error;
    }
    if (!ignoredAt) {
      await publishEvent(deps, { type: 'connection.requested', actorId: viewerId, subjectId: receiverId, connectionId: row.id });
      await sendRequestCounts(deps, receiverId);
    }
    return answer(deps, 'pending_sent', row, viewerId, member);
  }
  throw new Error(`connect ${viewerId} → ${receiverId} lost ${MAX_ATTEMPTS} races in a row`);
}

/** The row if the viewer is the party that may act on it, else the 404 every stranger gets. */
async function ownRow(deps: Deps, id: string, viewerId: string, party: Party): Promise<ConnectionRow> {
  const row = await findConnection(deps.db, id);
  if (!row || !isParty(row, viewerId, party)) throw new ApiError(404, M.requestNotFound);
  return row;
}

/** Accepts a request the viewer received (pending, or ignored earlier). */
export async function acceptRequest(deps: Deps, viewerId: string, id: string): Promise<ConnectionChange> {
  const row = await ownRow(deps, id, viewerId, 'receiver');
  const accepted = await acceptRow(deps, row, viewerId);
  if (!accepted) throw new ApiError(409, M.alreadyAnswered);
  return answer(deps, 'connected', accepted, viewerId);
}

type Answer = { party: Party; from: readonly ConnectionStatus[]; to: ConnectionStatus; refusal: string; stamp?: boolean };

const ANSWERS = {
  /**
   * The receiver ignores; the sender is not told: their request keeps looking pending,
   * and updated_at stays put so it does not move in their sent list either.
   */
  ignore: { party: 'receiver', from: ['pending'], to: 'ignored', refusal: M.alreadyAnswered, stamp: true },
  /** The sender takes back a request (ignored ones too); the receiver is not told. */
  withdraw: { party: 'requester', from: ['pending', 'ignored'], to: 'withdrawn', refusal: M.noLongerPending },
  /** Either member ends a connection; they can ask again later. */
  remove: { party: 'either', from: ['accepted'], to: 'removed', refusal: M.notConnected },
} as const satisfies Record<string, Answer>;

/**
 * Ignores, withdraws or removes: the state is `none` afterwards. No event: nobody is told,
 * beyond the received-requests count of the receiver (an ignore or a withdrawal lowers it).
 */
export async function endConnection(deps: Deps, viewerId: string, id: string, kind: keyof typeof ANSWERS): Promise<ConnectionChange> {
  const rule: Answer = ANSWERS[kind];
  await ownRow(deps, id, viewerId, rule.party);
  const at = deps.clock.now().toISOString();
  const changed = await transition(deps.db, {
    id,
    viewerId,
    party: rule.party,
    from: rule.from,
    set: rule.stamp ? { status: rule.to, ignoredAt: at, respondedAt: at } : { status: rule.to, updatedAt: at },
  });
  if (!changed) throw new ApiError(409, rule.refusal);
  if (kind !== 'remove') await sendRequestCounts(deps, changed.receiverId);
  return answer(deps, 'none', changed, viewerId);
}
