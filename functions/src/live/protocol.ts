/**
 * The frames of Engine.IO v4 and Socket.IO v5 that the live connection speaks, as pure
 * functions (docs/decisions.md#live-connection). Text frames only: the server never
 * sends binary, and binary frames from a client are not read.
 *
 *   engine packet  = <type digit><data>            0 open, 1 close, 2 ping, 3 pong, 4 message, 6 noop
 *   socket packet  = <type digit>[<nsp>,][<ack id>][<json>]   inside an engine message (4…)
 */

/** Engine.IO packet types (the first character of a frame). */
export const ENGINE = { open: '0', close: '1', ping: '2', pong: '3', message: '4', upgrade: '5', noop: '6' } as const;

/** Socket.IO packet types (the character after an engine message's `4`). */
export const SOCKET = { connect: 0, disconnect: 1, event: 2, ack: 3, connectError: 4, binaryEvent: 5, binaryAck: 6 } as const;

/** The server ends the main namespace: socket.io-client does not reconnect by itself ("io server disconnect"). */
export const DISCONNECT_FRAME = '41';

/** The only namespace a member's object serves. */
export const MAIN_NAMESPACE = '/';

/** What Engine.IO's open packet announces. */
export type Handshake = { sid: string; pingInterval: number; pingTimeout: number; maxPayload: number };

/** A decoded Socket.IO packet (the parts a text frame can carry). */
export type SocketPacket = { type: number; nsp: string; id: number | null; data: unknown };

/** An engine frame a client sent, read into what the object does with it. */
export type ClientFrame = { kind: 'pong' } | { kind: 'close' } | { kind: 'packet'; packet: SocketPacket } | { kind: 'ignored' } | { kind: 'invalid' };

/** The open packet, sent first on every new WebSocket: `0{"sid",…}`. */
export function openFrame(handshake: Handshake): string {
  const { sid, pingInterval, pingTimeout, maxPayload } = handshake;
  return `${ENGINE.open}${JSON.stringify({ sid, upgrades: [], pingInterval, pingTimeout, maxPayload })}`;
}

/** The server's heartbeat ping. */
export const PING_FRAME = ENGINE.ping;
/** What a client's pong is answered with (engine.io-client ignores the noop). */
export const PONG_FRAME = ENGINE.pong;
export const NOOP_FRAME = ENGINE.noop;

/** Encodes a Socket.IO packet inside an engine message frame. */
export function encodePacket(packet: SocketPacket): string {
  const nsp = packet.nsp !== MAIN_NAMESPACE ? `${packet.nsp},` : '';
  const id = packet.id === null ? '' : String(packet.id);
  const data = packet.data === undefined ? '' : JSON.stringify(packet.data);
  return `${ENGINE.message}${packet.type}${nsp}${id}${data}`;
}

/** `40{"sid":…}`: the namespace is connected, with the socket id (not the engine sid). */
export function connectFrame(socketId: string, nsp = MAIN_NAMESPACE): string {
  return encodePacket({ type: SOCKET.connect, nsp, id: null, data: { sid: socketId } });
}

/** `44/admin,{"message":"Invalid namespace"}`: socket.io's answer for a namespace it does not serve. */
export function connectErrorFrame(nsp: string, message = 'Invalid namespace'): string {
  return encodePacket({ type: SOCKET.connectError, nsp, id: null, data: { message } });
}

/** `42["event",payload]` to the main namespace. */
export function eventFrame(event: string, payload: unknown): string {
  return encodePacket({ type: SOCKET.event, nsp: MAIN_NAMESPACE, id: null, data: [event, payload] });
}

/** `43<id>[...args]`: the answer to a client event sent with an ack id. */
export function ackFrame(id: number, args: unknown[], nsp = MAIN_NAMESPACE): string {
  return encodePacket({ type: SOCKET.ack, nsp, id, data: args });
}

/**
 * Reads a Socket.IO packet (the text after the engine `4`), or null when it is not one.
 * Follows socket.io-parser's decoder: type digit, optional binary attachment count
 * (refused here), optional namespace up to `,`, optional ack id digits, optional JSON.
 */
export function decodePacket(text: string): SocketPacket | null {
  const type = Number(text.charAt(0));
  if (!/^[0-6]$/.test(text.charAt(0))) return null;
  if (type === SOCKET.binaryEvent || type === SOCKET.binaryAck) return null;
  let i = 1;
  let nsp = MAIN_NAMESPACE;
  if (text.charAt(i) === '/') {
    const end = text.indexOf(',', i);
    nsp = end === -1 ? text.slice(i) : text.slice(i, end);
    i = end === -1 ? text.length : end + 1;
  }
  let digits = '';
  while (i < text.length && /[0-9]/.test(text.charAt(i))) digits += text.charAt(i++);
  if (digits.length > 15) return null;
  const id = digits === '' ? null : Number(digits);
  let data: unknown;
  if (i < text.length) {
    try {
      data = JSON.parse(text.slice(i));
    } catch {
      return null;
    }
  }
  if (!isValidPayload(type, data)) return null;
  return { type, nsp, id, data };
}

/** socket.io-parser's payload rules per packet type. */
function isValidPayload(type: number, data: unknown): boolean {
  switch (type) {
    case SOCKET.connect:
      return data === undefined || isObject(data);
    case SOCKET.disconnect:
      return data === undefined;
    case SOCKET.connectError:
      return typeof data === 'string' || isObject(data);
    case SOCKET.event:
      return Array.isArray(data) && data.length > 0 && typeof data[0] === 'string';
    case SOCKET.ack:
      return Array.isArray(data);
    default:
      return false;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads one text frame from a client. Pings from a client, upgrades and noops are ignored. */
export function decodeClientFrame(frame: string): ClientFrame {
  switch (frame.charAt(0)) {
    case ENGINE.pong:
      return { kind: 'pong' };
    case ENGINE.close:
      return { kind: 'close' };
    case ENGINE.message: {
      const packet = decodePacket(frame.slice(1));
      return packet ? { kind: 'packet', packet } : { kind: 'invalid' };
    }
    case ENGINE.ping:
    case ENGINE.upgrade:
    case ENGINE.noop:
      return { kind: 'ignored' };
    default:
      return { kind: 'invalid' };
  }
}

/** Engine.IO's handshake errors, with the codes and words of the socket.io server. */
export const ENGINE_ERRORS = {
  unknownTransport: { code: 0, message: 'Transport unknown' },
  unknownSid: { code: 1, message: 'Session ID unknown' },
  badRequest: { code: 3, message: 'Bad request' },
  unsupportedProtocol: { code: 5, message: 'Unsupported protocol version' },
} as const;

export type EngineError = (typeof ENGINE_ERRORS)[keyof typeof ENGINE_ERRORS];

/**
 * What socket.io's server would answer (400) for this handshake request, or null when it
 * may go on: WebSocket transport only, Engine.IO v4, no session id (a WebSocket session
 * never resumes), and a real upgrade.
 */
export function handshakeError(query: { transport?: string; EIO?: string; sid?: string }, upgrade: string | null): EngineError | null {
  // The order of engine.io's own checks: transport, session id, upgrade, then protocol.
  if (query.transport !== 'websocket') return ENGINE_ERRORS.unknownTransport;
  if (query.sid !== undefined) return ENGINE_ERRORS.unknownSid;
  if (upgrade?.toLowerCase() !== 'websocket') return ENGINE_ERRORS.badRequest;
  if (query.EIO !== '4') return ENGINE_ERRORS.unsupportedProtocol;
  return null;
}

/** A random id of `bytes` bytes in base64url (engine sids and socket ids: 20 characters for 15 bytes). */
export function randomId(bytes = 15): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
