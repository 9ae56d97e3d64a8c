/**
 * Helpers for the live connection tests: a member's socket opened through GET /socket.io/
 * inside workerd, recording every frame the server sends, and closed after each test; and
 * an emitter that records what domain code sends, for tests without sockets.
 */
import { expect, vi } from 'vitest';
import type { LiveEmitter, SessionEndedReason, SessionScope } from '../src/ports/live';
import type { LiveEventName } from '../src/live/events';
import { get } from './api';

export const UPGRADE = { Upgrade: 'websocket' };

/** The handshake address of a member's live connection. */
export const livePath = (userId: string, extra = '') => `/socket.io/?EIO=4&transport=websocket&userId=${userId}${extra}`;

export type LiveClient = {
  ws: WebSocket;
  frames: string[];
  /** The close code, once the server closed the socket. */
  closed: Promise<number>;
  /** The next frame (after the ones already taken) that matches, waiting up to 2 s. */
  next(match: (frame: string) => boolean): Promise<string>;
};

const open: WebSocket[] = [];

/** Opens the member's live socket (101 expected) and records what the server sends. */
export async function openLiveSocket(member: { user: { id: string }; jwt: string }, extra = ''): Promise<LiveClient> {
  const response = await get(livePath(member.user.id, extra), { token: member.jwt, headers: UPGRADE });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  const frames: string[] = [];
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (event) => resolve(event.code)));
  ws.accept();
  ws.addEventListener('message', (event) => frames.push(String(event.data)));
  open.push(ws);
  let seen = 0;
  return {
    ws,
    frames,
    closed,
    next: (match) =>
      vi.waitFor(
        () => {
          const index = frames.findIndex((frame, i) => i >= seen && match(frame));
          if (index === -1) throw new Error(`no matching frame in ${JSON.stringify(frames)}`);
          seen = index + 1;
          return frames[index]!;
        },
        { timeout: 2000, interval: 5 },
      ),
  };
}

/** A member's socket that has joined "/". */
export async function joinedLiveSocket(member: { user: { id: string }; jwt: string }, extra = ''): Promise<LiveClient> {
  const client = await openLiveSocket(member, extra);
  client.ws.send('40');
  await client.next((frame) => frame.startsWith('40'));
  return client;
}

/** Closes every socket the test opened (call in afterEach). */
export function closeLiveSockets(): void {
  for (const ws of open.splice(0)) {
    try {
      ws.close(1000);
    } catch {
      // already closed
    }
  }
}

/** An emitter that keeps what it was asked, for tests of the domain code. */
export function recordingEmitter() {
  const sent: Array<{ userId: string; event: LiveEventName; payload: unknown }> = [];
  const closed: Array<{ userId: string; scope: SessionScope; reason: SessionEndedReason }> = [];
  const emitter: LiveEmitter = {
    async emit(userId, event, payload) {
      sent.push({ userId, event, payload });
    },
    async closeSessions(userId, scope, reason) {
      closed.push({ userId, scope, reason });
    },
  };
  return { emitter, sent, closed };
}
