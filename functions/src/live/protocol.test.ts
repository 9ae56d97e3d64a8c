import { describe, expect, it } from 'vitest';
import { heartbeatSettings, missedHeartbeat } from './heartbeat';
import {
  ackFrame,
  connectErrorFrame,
  connectFrame,
  decodeClientFrame,
  decodePacket,
  encodePacket,
  ENGINE_ERRORS,
  eventFrame,
  handshakeError,
  openFrame,
  randomId,
} from './protocol';

describe('the live frames the server sends', () => {
  it('opens with the engine sid, no upgrades and the heartbeat settings', () => {
    const frame = openFrame({ sid: 'abc', pingInterval: 25000, pingTimeout: 20000, maxPayload: 1000000 });
    expect(frame).toBe('0{"sid":"abc","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}');
  });

  it("answers a namespace connect with the socket id, and an unknown namespace with socket.io's words", () => {
    expect(connectFrame('sock1')).toBe('40{"sid":"sock1"}');
    expect(connectErrorFrame('/admin')).toBe('44/admin,{"message":"Invalid namespace"}');
  });

  it('sends events and acks as socket.io does', () => {
    expect(eventFrame('notification', { title: 'Hi', body: 'x', userSender: null })).toBe('42["notification",{"title":"Hi","body":"x","userSender":null}]');
    expect(ackFrame(1, ['ok'])).toBe('431["ok"]');
    expect(ackFrame(12, [{ ok: true }], '/admin')).toBe('43/admin,12[{"ok":true}]');
    expect(encodePacket({ type: 1, nsp: '/', id: null, data: undefined })).toBe('41');
  });

  it('keeps member text as JSON text: quotes, angle brackets and line breaks survive the round trip', () => {
    const body = 'He said "hi" </script><b>\n\u2028';
    const packet = decodePacket(eventFrame('notification', { body }).slice(1));
    expect(packet?.data).toEqual(['notification', { body }]);
  });
});

describe('reading what a client sends', () => {
  it('reads pongs, engine closes and ignores client pings, upgrades and noops', () => {
    expect(decodeClientFrame('3')).toEqual({ kind: 'pong' });
    expect(decodeClientFrame('1')).toEqual({ kind: 'close' });
    for (const frame of ['2', '2probe', '5', '6']) expect(decodeClientFrame(frame)).toEqual({ kind: 'ignored' });
  });

  it('reads namespace connects, with and without a namespace or auth data', () => {
    expect(decodeClientFrame('40')).toEqual({ kind: 'packet', packet: { type: 0, nsp: '/', id: null, data: undefined } });
    expect(decodeClientFrame('40/admin,')).toEqual({ kind: 'packet', packet: { type: 0, nsp: '/admin', id: null, data: undefined } });
    expect(decodeClientFrame('40{"token":"x"}')).toEqual({ kind: 'packet', packet: { type: 0, nsp: '/', id: null, data: { token: 'x' } } });
  });

  it('reads events with and without an ack id, in any namespace', () => {
    expect(decodePacket('2["thread",{"connectionId":"t1"}]')).toEqual({ type: 2, nsp: '/', id: null, data: ['thread', { connectionId: 't1' }] });
    expect(decodePacket('21["hello"]')).toEqual({ type: 2, nsp: '/', id: 1, data: ['hello'] });
    expect(decodePacket('2/chat,77["hello",1]')).toEqual({ type: 2, nsp: '/chat', id: 77, data: ['hello', 1] });
    expect(decodePacket('1')).toEqual({ type: 1, nsp: '/', id: null, data: undefined });
  });

  it("refuses what socket.io's parser refuses, and binary packets", () => {
    for (const text of ['', '9', 'x', '2', '2{}', '2[1]', '2[]', '2["a"', '0[1]', '1{"a":1}', '3{}', '51-["a",{"_placeholder":true,"num":0}]', '6', `2${'9'.repeat(16)}["a"]`]) {
      expect(decodePacket(text), text).toBeNull();
    }
    expect(decodeClientFrame('4garbage')).toEqual({ kind: 'invalid' });
    expect(decodeClientFrame('7')).toEqual({ kind: 'invalid' });
    expect(decodeClientFrame('')).toEqual({ kind: 'invalid' });
  });
});

describe('the handshake checks', () => {
  const good = { transport: 'websocket', EIO: '4' };

  it('lets a WebSocket upgrade of Engine.IO v4 through', () => {
    expect(handshakeError(good, 'websocket')).toBeNull();
    expect(handshakeError(good, 'WebSocket')).toBeNull();
  });

  it("answers socket.io's own errors, in its order", () => {
    expect(handshakeError({ ...good, transport: 'polling' }, null)).toBe(ENGINE_ERRORS.unknownTransport);
    expect(handshakeError({ EIO: '4' }, 'websocket')).toBe(ENGINE_ERRORS.unknownTransport);
    expect(handshakeError({ ...good, sid: 'old' }, 'websocket')).toBe(ENGINE_ERRORS.unknownSid);
    expect(handshakeError(good, null)).toBe(ENGINE_ERRORS.badRequest);
    expect(handshakeError({ ...good, EIO: '3' }, 'websocket')).toBe(ENGINE_ERRORS.unsupportedProtocol);
    expect(handshakeError({ transport: 'websocket' }, 'websocket')).toBe(ENGINE_ERRORS.unsupportedProtocol);
  });
});

describe('the heartbeat', () => {
  it("reads the interval and timeout from the vars, with socket.io's defaults for missing or unusable values", () => {
    expect(heartbeatSettings({})).toMatchObject({ pingInterval: 25000, pingTimeout: 20000, maxPayload: 1000000 });
    expect(heartbeatSettings({ LIVE_PING_INTERVAL_MS: '1000', LIVE_PING_TIMEOUT_MS: '2000' })).toMatchObject({ pingInterval: 1000, pingTimeout: 2000 });
    expect(heartbeatSettings({ LIVE_PING_INTERVAL_MS: 'soon', LIVE_PING_TIMEOUT_MS: '10' })).toMatchObject({ pingInterval: 25000, pingTimeout: 20000 });
  });

  it('counts a heartbeat missed only after one interval plus the timeout without a pong', () => {
    const settings = { pingInterval: 1000, pingTimeout: 2000 };
    expect(missedHeartbeat(0, 3000, settings)).toBe(false);
    expect(missedHeartbeat(0, 3001, settings)).toBe(true);
  });
});

describe('ids', () => {
  it('are 20 url-safe characters and differ each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });
});
