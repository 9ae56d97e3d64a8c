/**
 * The live event the connections send: the member's count of received requests, whenever
 * it changes (a request arrives or is withdrawn, the member answers one in any tab, a block
 * ends one), and to a requester whose request was accepted (their sent and connections counts
 * changed: the connections screen reloads its counts on any of these). live/events.ts lists
 * every live event for the app.
 */
import type { Deps } from '../deps';
import type { Emits } from '../ports/live';
import { tellLive } from '../notifications/deliver';
import { connectionCounts } from './lists';

export type ConnectionLiveEvents = {
  /** The header's Connections badge: received requests still waiting for an answer. */
  counts: { connectionRequests: number };
};

/** Sends each member their received-requests count as it stands now (never throws: the emitter logs). */
export async function sendRequestCounts(deps: Pick<Deps, 'db'> & Emits<ConnectionLiveEvents>, ...userIds: string[]): Promise<void> {
  await Promise.all(
    userIds.map(async (userId) => {
      const { received } = await connectionCounts(deps, userId);
      await tellLive(deps, userId, 'counts', { connectionRequests: received });
    }),
  );
}
