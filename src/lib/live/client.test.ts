import { describe, expect, test, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createLiveClient } from './client';

/** Stands in for a socket.io socket: records what the client does, lets the test fire events. */
class FakeSocket {
  connected = false;
  listeners = new Map<string, Array<(payload?: unknown) => void>>();
  emitted: Array<[string, unknown]> = [];
  disconnected = false;
  io = { opts: { query: {} as Record<string, string> } };
  constructor(
    readonly uri: string,
    readonly options: Record<string, unknown>,
  ) {
    this.io.opts.query = options.query as Record<string, string>;
  }
  on(event: string, listener: (payload?: unknown) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
    return this;
  }
  fire(event: string, payload?: unknown) {
    if (event === 'connect') this.connected = true;
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const io = vi.fn((uri: string, options: Record<string, unknown>) => {
    const socket = new FakeSocket(uri, options);
    sockets.push(socket);
    return socket as unknown as Socket;
  });
  const log = { error: vi.fn(), warn: vi.fn() };
  const live = createLiveClient({ loadIo: async () => io, origin: () => 'https://app.test', log, checkSession: async () => false });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { live, io, sockets, log, settle };
}

describe('the live client', () => {
  test('opens one websocket-only socket for a member, with the thread of the page', async () => {
    const { live, io, sockets, settle } = setup();
    live.sync({ userId: 'u-ada', connectionId: 't-1' });
    live.sync({ userId: 'u-ada', connectionId: 't-1' });
    await settle();
    expect(io).toHaveBeenCalledTimes(1);
    expect(sockets[0]!.uri).toBe('https://app.test');
    expect(sockets[0]!.options).toMatchObject({ path: '/socket.io/', transports: ['websocket'], query: { userId: 'u-ada', connectionId: 't-1' } });
  });

  test('never loads the library for a visitor', async () => {
    const loadIo = vi.fn();
    const live = createLiveClient({ loadIo, origin: () => '', log: console, checkSession: async () => false });
    live.sync({ userId: null, connectionId: 't-1' });
    expect(loadIo).not.toHaveBeenCalled();
  });

  test('tells the open socket about another thread instead of reconnecting', async () => {
    const { live, io, sockets, settle } = setup();
    live.sync({ userId: 'u-ada', connectionId: null });
    await settle();
    sockets[0]!.fire('connect');
    live.sync({ userId: 'u-ada', connectionId: 't-2' });
    expect(io).toHaveBeenCalledTimes(1);
    expect(sockets[0]!.emitted).toEqual([['thread', { connectionId: 't-2' }]]);
    expect(sockets[0]!.io.opts.query).toEqual({ userId: 'u-ada', connectionId: 't-2' });
  });

  test('closes on sign-out and opens a new socket for another member', async () => {
    const { live, io, sockets, settle } = setup();
    live.sync({ userId: 'u-ada', connectionId: null });
    await settle();
    live.sync({ userId: 'u-ben', connectionId: null });
    await settle();
    expect(sockets[0]!.disconnected).toBe(true);
    expect(sockets[1]!.options.query).toEqual({ userId: 'u-ben' });
    live.sync({ userId: null, connectionId: null });
    expect(sockets[1]!.disconnected).toBe(true);
    expect(io).toHaveBeenCalledTimes(2);
  });

  test('a member who signs out while the library loads gets no socket', async () => {
    const { live, io, settle } = setup();
    live.sync({ userId: 'u-ada', connectionId: null });
    live.stop();
    await settle();
    expect(io).not.toHaveBeenCalled();
    expect(live.state().target).toBeNull();
  });

  test('hands typed events to their handlers until they unsubscribe', async () => {
    const { live, sockets, settle } = setup();
    const counts = vi.fn();
    const off = live.on('counts', counts);
    live.sync({ userId: 'u-ada', connectionId: null });
    await settle();
    sockets[0]!.fire('counts', { unseenNotifications: 3 });
    off();
    sockets[0]!.fire('counts', { unseenNotifications: 4 });
    expect(counts).toHaveBeenCalledTimes(1);
    expect(counts).toHaveBeenCalledWith({ unseenNotifications: 3 });
  });

  test('calls the connect handlers on every connect and the reconnect handlers from the second on; a failing handler is only logged', async () => {
    const { live, sockets, log, settle } = setup();
    const missed = vi.fn();
    live.onReconnect(() => {
      throw new Error('boom');
    });
    live.onReconnect(missed);
    live.sync({ userId: 'u-ada', connectionId: null });
    await settle();
    const connects = vi.fn();
    live.onConnect(connects);
    sockets[0]!.fire('connect');
    expect(missed).not.toHaveBeenCalled();
    expect(connects).toHaveBeenCalledTimes(1);
    sockets[0]!.fire('disconnect');
    sockets[0]!.fire('connect');
    expect(missed).toHaveBeenCalledTimes(1);
    expect(connects).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith('live: a handler failed', expect.any(Error));
  });

  test('a library that fails to load is logged, and a later page tries again', async () => {
    const log = { error: vi.fn(), warn: vi.fn() };
    const loadIo = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue((uri: string, options: Record<string, unknown>) => new FakeSocket(uri, options));
    const live = createLiveClient({ loadIo, origin: () => '', log, checkSession: async () => false });
    live.sync({ userId: 'u-ada', connectionId: null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log.error).toHaveBeenCalledWith('live: socket.io-client could not be loaded', expect.any(Error));
    live.sync({ userId: 'u-ada', connectionId: null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(live.state().target).toEqual({ userId: 'u-ada', connectionId: null });
    expect(loadIo).toHaveBeenCalledTimes(2);
  });
});
