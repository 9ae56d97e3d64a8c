/** The LiveEmitter backed by one MemberLive object per member (named by the user id). */
import type { LiveEmitter } from '../ports/live';
import type { LiveEvents } from './events';
import type { MemberLive } from './live-object';

export function liveBinding(namespace: DurableObjectNamespace<MemberLive>): LiveEmitter<LiveEvents> {
  const objectOf = (userId: string) => namespace.get(namespace.idFromName(userId));
  return {
    async emit(userId, event, payload, push) {
      try {
        await objectOf(userId).emit(event, payload, push ? { userId, note: push } : undefined);
      } catch (error) {
        // A live event is a courtesy on top of what is stored: the client refetches after a reconnect.
        console.error(`live: ${event} to ${userId} not delivered`, error);
      }
    },
    async closeSessions(userId, scope, reason) {
      try {
        await objectOf(userId).closeSessions(scope, reason);
      } catch (error) {
        // The sessions are ended in D1 already: a reconnect is refused, and the object's alarm
        // closes the socket when its token expires.
        console.error(`live: sockets of ended sessions of ${userId} not closed`, error);
      }
    },
  };
}
