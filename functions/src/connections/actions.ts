/**
 * What the viewer can do in each relation state: one table for the API's connection status
 * and for the app, which applies it to the answers of connection changes. Types only, so the
 * browser bundle takes nothing else from the API.
 */
import type { RelationAction, RelationState } from './schemas';

/** The actions open in each state ('message' once the inbox exists for connections). */
export const ACTIONS_BY_STATE: Readonly<Record<RelationState, readonly RelationAction[]>> = {
  self: [],
  none: ['connect'],
  pending_sent: ['withdraw'],
  pending_received: ['accept', 'ignore'],
  connected: ['message', 'remove'],
  blocked: ['unblock'],
};
