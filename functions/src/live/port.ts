/**
 * The live emitter port the domain code uses: `emit(userId, event, payload)` reaches every
 * open socket of that member. The Durable Object adapter is in emitter.ts; tests record.
 */
import type { LiveEventName, LiveEvents } from './events';

export type LiveEmitter = {
  /** Resolves once the member's object has sent it (0 sockets is fine); never throws. */
  emit<E extends LiveEventName>(userId: string, event: E, payload: LiveEvents[E]): Promise<void>;
};

/** An emitter that keeps what it was asked, for tests of the domain code. */
export function recordingEmitter() {
  const sent: Array<{ userId: string; event: LiveEventName; payload: unknown }> = [];
  const emitter: LiveEmitter = {
    async emit(userId, event, payload) {
      sent.push({ userId, event, payload });
    },
  };
  return { emitter, sent };
}
