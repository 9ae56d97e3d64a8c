/** The LiveEmitter backed by one MemberLive object per member (named by the user id). */
import type { LiveEmitter } from '../deps';
import type { LiveEvents } from './events';
import type { MemberLive } from './member-live';

export function durableObjectLive(namespace: DurableObjectNamespace<MemberLive>): LiveEmitter<LiveEvents> {
  return {
    async emit(userId, event, payload) {
      try {
        await namespace.get(namespace.idFromName(userId)).emit(event, payload);
      } catch (error) {
        // A live event is a courtesy on top of what is stored: the client refetches after a reconnect.
        console.error(`live: ${event} to ${userId} not delivered`, error);
      }
    },
  };
}
