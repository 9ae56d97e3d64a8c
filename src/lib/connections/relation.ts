/**
 * The relation between the viewer and one member (GET /founder/connection-status/{id})
 * and the actions each state opens.
 */
import { ACTIONS_BY_STATE } from '@api/shared/connection-actions';
import type { ConnectionChange, ConnectionStatusAnswer, RelationAction, RelationState } from './types';

export interface Relation {
  state: RelationState;
  connectionId: string | null;
  actions: RelationAction[];
}

/** A relation in `state`, with its actions. */
export function relationIn(state: RelationState, connectionId: string | null = null): Relation {
  return { state, connectionId, actions: [...ACTIONS_BY_STATE[state]] };
}

/** The relation the server answered. */
export function relationFromStatus(answer: Pick<ConnectionStatusAnswer, 'state' | 'connectionId' | 'actions'>): Relation {
  return { state: answer.state, connectionId: answer.connectionId, actions: [...answer.actions] };
}

/** The relation after a connection change the server answered (connect, accept, ignore, withdraw, remove). */
export function relationAfterChange(change: ConnectionChange): Relation {
  return relationIn(change.state, change.state === 'none' ? null : change.connection._id);
}
