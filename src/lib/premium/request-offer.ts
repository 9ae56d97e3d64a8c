/**
 * What a profile offers its viewer besides the connection button, for writing to a member
 * they are not connected with (issue 14): a Premium viewer gets "Message request", a free
 * viewer the way to Premium. Connected members have the Message link instead, and a block
 * either way, a member who is gone or the viewer's own profile get neither. Until the
 * relation is known nothing is offered, so the button never flashes before it is allowed.
 */
import type { RelationEntry } from '../connections/state';

export type RequestOffer = 'request' | 'upsell' | 'none';

/** The relation states in which the two may not yet write to each other. */
const NOT_CONNECTED = new Set(['none', 'pending_sent', 'pending_received']);

/** The offer for a viewer (`viewerPremium`) looking at a member in relation `entry`. */
export function requestOffer(entry: RelationEntry | undefined, viewerPremium: boolean): RequestOffer {
  if (entry?.status !== 'ready' || !entry.relation) return 'none';
  if (!NOT_CONNECTED.has(entry.relation.state)) return 'none';
  return viewerPremium ? 'request' : 'upsell';
}
