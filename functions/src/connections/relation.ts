/**
 * The relation between the viewer and one member (GET /founder/connection-status/{id}):
 * the state, the row the viewer may act on, and the actions open to the viewer.
 */
import type { ConnectionRow } from '../db/schema';
import { ACTIONS_BY_STATE } from '../shared/connection-actions';
import type { Deps } from '../deps';
import { ApiError } from '../errors';
import { blockBetween } from '../members/blocks';
import { resolveMemberCard } from '../members/cards';
import { CONNECTION_MESSAGES as M } from './messages';
import { findOpenBetween } from './repository';
import type { Relation, RelationState } from './schemas';

/**
 * The state an open row puts the viewer in. A request the viewer ignored reads `none`
 * (connecting accepts it); one the receiver ignored still reads `pending_sent` to its sender.
 */
export function stateOf(row: Pick<ConnectionRow, 'status' | 'requesterId'> | undefined, viewerId: string): { state: RelationState; actionable: boolean } {
  if (!row) return { state: 'none', actionable: false };
  if (row.status === 'accepted') return { state: 'connected', actionable: true };
  if (row.requesterId === viewerId) return { state: 'pending_sent', actionable: true };
  if (row.status === 'pending') return { state: 'pending_received', actionable: true };
  return { state: 'none', actionable: false };
}

/**
 * The relation with the member an id names (user, founder profile or advisor id).
 * 404 for unknown ids and for members who blocked the viewer.
 */
export async function relationWith(deps: Pick<Deps, 'db'>, viewerId: string, id: string): Promise<Relation> {
  const member = await resolveMemberCard(deps, id);
  if (!member) throw new ApiError(404, M.memberNotFound);
  if (member._id === viewerId) return { state: 'self', connectionId: null, actions: [], member };

  const block = await blockBetween(deps, viewerId, member._id);
  if (block.theyBlocked) throw new ApiError(404, M.memberNotFound);
  if (block.viewerBlocked) return { state: 'blocked', connectionId: null, actions: [...ACTIONS_BY_STATE.blocked], member };

  const row = await findOpenBetween(deps.db, viewerId, member._id);
  const { state, actionable } = stateOf(row, viewerId);
  return { state, connectionId: actionable ? row!.id : null, actions: [...ACTIONS_BY_STATE[state]], member };
}
