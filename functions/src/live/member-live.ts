/**
 * One member's live connection: a Durable Object speaking Engine.IO v4 / Socket.IO v5
 * over WebSocket (ARCHITECTURE.md). Placeholder until the protocol lands.
 */
import { DurableObject } from 'cloudflare:workers';
import type { LiveEventName, LiveEvents } from './events';

export class MemberLive extends DurableObject<Env> {
  async fetch(): Promise<Response> {
    return new Response('Not implemented', { status: 501 });
  }

  /** Sends `event` to every socket of this member; answers how many sockets it reached. */
  async emit<E extends LiveEventName>(_event: E, _payload: LiveEvents[E]): Promise<number> {
    return 0;
  }
}
