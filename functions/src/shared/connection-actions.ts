/**
 * What the viewer can do in each relation state: one table for the API's connection status
 * (whose schema enumerates the states and actions below) and for the app, which applies it to
 * the answers of connection changes.
 */

/** How the viewer stands with a member. */
export const RELATION_STATES = ['self', 'none', 'pending_sent', 'pending_received', 'connected', 'blocked'] as const;
/** What the viewer may do about a member. */
export const RELATION_ACTIONS = ['connect', 'withdraw', 'accept', 'ignore', 'message', 'remove', 'unblock'] as const;

export type RelationState = (typeof RELATION_STATES)[number];
export type RelationAction = (typeof RELATION_ACTIONS)[number];

/** The actions open in each state ('message' once the inbox exists for connections). */
export const ACTIONS_BY_STATE: Readonly<Record<RelationState, readonly RelationAction[]>> = {
  self: [],
  none: ['connect'],
  pending_sent: ['withdraw'],
  pending_received: ['accept', 'ignore'],
  connected: ['message', 'remove'],
  blocked: ['unblock'],
};
