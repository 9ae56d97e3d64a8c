/**
 * One member's live connection: a Durable Object (named by the user id) speaking
 * Engine.IO v4 / Socket.IO v5 over WebSocket only (docs/decisions.md#live-connection,
 * only the member's own token). It uses the Hibernation API: what each socket is lives in its
 * attachment, pongs are answered by the runtime without waking the object, and an alarm
 * sends the server's pings. The API's domain code reaches it through `emit` (live-binding.ts);
 * the edge forwards an upgrade here only once the token belongs to the member (routes.ts),
 * telling the session it belongs to: a socket lives no longer than its session, closed when
 * the API ends the session (`closeSessions`) or by the alarm once its token has expired.
 * Either way the tab is told why (`session.ended`) and the namespace ends (`41`) before the
 * close, so socket.io-client does not retry a handshake that can only be refused.
 */
import { DurableObject } from 'cloudflare:workers';
import type { PushNote, SessionEndedReason, SessionScope } from '../ports/live';
import type { LiveEventName, LiveEvents } from './events';
import { heartbeatSettings, missedHeartbeat, type HeartbeatSettings } from './heartbeat';
import {
  ackFrame,
  connectErrorFrame,
  connectFrame,
  decodeClientFrame,
  DISCONNECT_FRAME,
  eventFrame,
  MAIN_NAMESPACE,
  NOOP_FRAME,
  openFrame,
  PING_FRAME,
  PONG_FRAME,
  randomId,
  SOCKET,
  type SocketPacket,
} from './protocol';
import { upgradeSessionOf } from './upgrade';
import { PushOutbox } from './push-outbox';

/** What the object remembers of one socket (it survives hibernation; instance fields do not). */
export type SocketState = {
  userId: string;
  /** The session of the token that opened the socket, and when that token expires (epoch ms). */
  sessionId: string;
  expiresAt: number;
  /** The thread the page has open (`personalInbox`), updated by the client's `thread` event. */
  connectionId: string | null;
  /** The engine session id of the open packet. */
  sid: string;
  /** The socket id of the main namespace once connected (`40`), else null. */
  socketId: string | null;
  openedAt: number;
};

/** Close codes the object uses (1000 or the 4000 range that applications own). */
export const CLOSE_CODES = {
  normal: 1000,
  pingTimeout: 4000,
  protocolError: 4001,
  tooLarge: 4002,
  connectTimeout: 4003,
  dropped: 4004,
  sessionEnded: 4005,
  /** Closed for a newer socket of the member past the cap (HeartbeatSettings.maxSockets). */
  tooManySockets: 4006,
} as const;

/** Whether a socket belongs to one of the sessions of `scope`. */
function inScope(state: SocketState, scope: SessionScope): boolean {
  return 'only' in scope ? state.sessionId === scope.only : state.sessionId !== scope.allBut;
}

/** What a client's `thread` event carries: the thread its page has open, or null. */
function connectionIdOf(args: unknown[]): string | null | undefined {
  const [payload] = args;
  if (typeof payload !== 'object' || payload === null) return undefined;
  const value = (payload as { connectionId?: unknown }).connectionId;
  if (value === null) return null;
  return typeof value === 'string' && value.length <= 64 ? value : undefined;
}

export class MemberLive extends DurableObject<Env> {
  private readonly settings: HeartbeatSettings;

  private readonly outbox: PushOutbox;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.settings = heartbeatSettings(env);
    this.outbox = new PushOutbox(ctx, env);
    // A client's pong is answered by the runtime (with a noop the client ignores) and
    // time-stamped, so that heartbeats never wake a hibernating object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PONG_FRAME, NOOP_FRAME));
  }

  /** Accepts a WebSocket upgrade (already checked by the API's /socket.io route) and sends the open packet. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return Response.json({ code: 3, message: 'Bad request' }, { status: 400 });
    }
    const session = upgradeSessionOf(request);
    if (!session || session.expiresAt <= Date.now()) return Response.json({ code: 3, message: 'Bad request' }, { status: 400 });
    const url = new URL(request.url);
    const userId = url.searchParams.get('userId') ?? '';
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    const state: SocketState = {
      userId,
      ...session,
      connectionId: url.searchParams.get('connectionId') || null,
      sid: randomId(),
      socketId: null,
      openedAt: Date.now(),
    };
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(state);
    this.closeOldestBeyondCap(server);
    const { pingInterval, pingTimeout, maxPayload } = this.settings;
    server.send(openFrame({ sid: state.sid, pingInterval, pingTimeout, maxPayload }));
    // A push retry may have set the alarm further out than the next ping.
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > Date.now() + pingInterval) await this.ctx.storage.setAlarm(Date.now() + pingInterval);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Past the cap of open sockets, the oldest ones close (never `newest`): the tab a member
   * just opened is the one they look at. Each is told `41` first, so socket.io-client does
   * not reconnect by itself; the app's client reconnects when its tab is shown again.
   */
  private closeOldestBeyondCap(newest: WebSocket): void {
    const open = this.ctx.getWebSockets().filter((ws) => ws !== newest && ws.readyState === WebSocket.OPEN);
    const excess = open.length + 1 - this.settings.maxSockets;
    if (excess <= 0) return;
    const oldestFirst = open.sort((a, b) => (stateOf(a)?.openedAt ?? 0) - (stateOf(b)?.openedAt ?? 0));
    for (const ws of oldestFirst.slice(0, excess)) {
      send(ws, DISCONNECT_FRAME);
      close(ws, CLOSE_CODES.tooManySockets, 'too many sockets');
    }
  }

  /**
   * Sends `event` to every socket of this member connected to "/"; answers how many it reached.
   * With `push` and no socket reached, the web push goes out after the answer (push-outbox.ts).
   */
  async emit<E extends LiveEventName>(event: E, payload: LiveEvents[E], push?: { userId: string; note: PushNote }): Promise<number> {
    const frame = eventFrame(event, payload);
    const now = Date.now();
    let reached = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const state = stateOf(ws);
      if (!state?.socketId) continue;
      // Between two alarms a token may run out: its socket gets nothing more.
      if (state.expiresAt <= now) endSession(ws, 'expired');
      else if (send(ws, frame)) reached += 1;
    }
    if (push && reached === 0) this.ctx.waitUntil(this.outbox.send(push.userId, push.note));
    return reached;
  }

  /** How many sockets are open and how many of them joined "/" (for tests and the bench). */
  async sockets(): Promise<{ open: number; connected: number }> {
    const all = this.ctx.getWebSockets();
    return { open: all.length, connected: all.filter((ws) => stateOf(ws)?.socketId).length };
  }

  /** Closes the sockets of the sessions in `scope`, which the API has just ended for `reason`; answers how many. */
  async closeSessions(scope: SessionScope, reason: SessionEndedReason): Promise<number> {
    let closed = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const state = stateOf(ws);
      if (state && !inScope(state, scope)) continue;
      endSession(ws, reason);
      closed += 1;
    }
    return closed;
  }

  /** Closes every socket, as a restart would (development only: the reconnect tests); answers how many. */
  async drop(): Promise<number> {
    const all = this.ctx.getWebSockets();
    for (const ws of all) close(ws, CLOSE_CODES.dropped, 'dropped');
    return all.length;
  }

  /**
   * The heartbeat: pings every socket, closes the ones whose token expired, that stopped
   * answering or never joined. The same alarm retries the pushes that are due.
   */
  async alarm(): Promise<void> {
    const nextRetry = await this.outbox.retryDue();
    const now = Date.now();
    const sockets = this.ctx.getWebSockets();
    let alive = 0;
    for (const ws of sockets) {
      const state = stateOf(ws);
      if (!state) {
        close(ws, CLOSE_CODES.protocolError, 'no state');
        continue;
      }
      const lastPong = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? state.openedAt;
      if (state.expiresAt <= now) {
        endSession(ws, 'expired');
      } else if (missedHeartbeat(Math.max(lastPong, state.openedAt), now, this.settings)) {
        close(ws, CLOSE_CODES.pingTimeout, 'ping timeout');
      } else if (!state.socketId && now - state.openedAt > this.settings.connectTimeout) {
        close(ws, CLOSE_CODES.connectTimeout, 'connect timeout');
      } else if (send(ws, PING_FRAME)) {
        alive += 1;
      }
    }
    const next = Math.min(alive > 0 ? now + this.settings.pingInterval : Number.POSITIVE_INFINITY, nextRetry ?? Number.POSITIVE_INFINITY);
    if (Number.isFinite(next)) await this.ctx.storage.setAlarm(next);
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // The server never asks for binary; socket.io's binary attachments are not read.
    if (typeof message !== 'string') return;
    if (message.length > this.settings.maxPayload) return close(ws, CLOSE_CODES.tooLarge, 'payload too large');
    const state = stateOf(ws);
    const frame = decodeClientFrame(message);
    if (!state || frame.kind === 'invalid') return close(ws, CLOSE_CODES.protocolError, 'parse error');
    if (frame.kind === 'close') return close(ws, CLOSE_CODES.normal, 'client close');
    if (frame.kind === 'packet') this.onPacket(ws, state, frame.packet);
  }

  async webSocketClose(ws: WebSocket): Promise<void> {
    // Answer the client's close handshake (a no-op when the runtime already did).
    close(ws, CLOSE_CODES.normal, 'closed');
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    close(ws, CLOSE_CODES.protocolError, 'error');
  }

  /** A Socket.IO packet from a client: namespace connect and disconnect, and its events. */
  private onPacket(ws: WebSocket, state: SocketState, packet: SocketPacket): void {
    if (packet.type === SOCKET.connect) {
      if (packet.nsp !== MAIN_NAMESPACE) return void send(ws, connectErrorFrame(packet.nsp));
      const connected: SocketState = { ...state, socketId: state.socketId ?? randomId() };
      ws.serializeAttachment(connected);
      send(ws, connectFrame(connected.socketId!));
      return;
    }
    // Like socket.io's server: a packet for a namespace the socket has not joined ends the connection.
    if (packet.nsp !== MAIN_NAMESPACE || !state.socketId) return close(ws, CLOSE_CODES.protocolError, 'invalid state');
    if (packet.type === SOCKET.disconnect) return close(ws, CLOSE_CODES.normal, 'client namespace disconnect');
    if (packet.type !== SOCKET.event) return;
    const [event, ...args] = packet.data as [string, ...unknown[]];
    const answer = this.onEvent(ws, state, event, args);
    if (packet.id !== null) send(ws, ackFrame(packet.id, [answer]));
  }

  /** A client event; answers what its ack carries. */
  private onEvent(ws: WebSocket, state: SocketState, event: string, args: unknown[]): unknown {
    if (event !== 'thread') return { ok: false, message: `Unknown event: ${event.slice(0, 40)}` };
    const connectionId = connectionIdOf(args);
    if (connectionId === undefined) return { ok: false, message: 'connectionId must be a thread id or null.' };
    ws.serializeAttachment({ ...state, connectionId } satisfies SocketState);
    return { ok: true, connectionId };
  }
}

function stateOf(ws: WebSocket): SocketState | null {
  return (ws.deserializeAttachment() as SocketState | null) ?? null;
}

/** Sends a frame; a socket that closed meanwhile is skipped (false). */
function send(ws: WebSocket, frame: string): boolean {
  try {
    ws.send(frame);
    return true;
  } catch {
    return false;
  }
}

/**
 * Tells the socket's tab that its session is over and why, ends the namespace (`41`: no
 * automatic reconnect) and closes the socket with code 4005 and the reason.
 */
function endSession(ws: WebSocket, reason: SessionEndedReason): void {
  if (stateOf(ws)?.socketId) send(ws, eventFrame('session.ended', { reason } satisfies LiveEvents['session.ended']));
  send(ws, DISCONNECT_FRAME);
  close(ws, CLOSE_CODES.sessionEnded, reason);
}

function close(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // already closed
  }
}
