import { describe, expect, test, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createLiveClient } from './client';

/** A socket.io socket stand-in: the test fires its events and counts reconnects. */
class FakeSocket {
  connected = false;
  connects = 0;
  listeners = new Map<string, Array<(payload?: unknown) => void>>();
  io = { opts: { query: {} } };
  on(event: string, listener: (payload?: unknown) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    return this;
  }
  emit() {
    return this;
  }
  fire(event: string, payload?: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }
}

function setup(sessionEnded = false) {
  const socket = new FakeSocket();
  const checkSession = vi.fn(async (_hint: string | null) => sessionEnded);
  const shown: Array<() => void> = [];
  const cancelled = vi.fn();
  const live = createLiveClient({
    loadIo: async () => () => socket as unknown as Socket,
    origin: () => 'https://app.test',
    log: { error: vi.fn(), warn: vi.fn() },
    whenShownAgain: (resume) => {
      shown.push(resume);
      return cancelled;
    },
    checkSession,
  });
  return { live, socket, shown, cancelled, checkSession, settle: () => new Promise((resolve) => setTimeout(resolve, 0)) };
}

describe('the live client closed for a newer tab', () => {
  test('does not reconnect at once, but when its tab is shown again', async () => {
    const { live, socket, shown, settle } = setup();
    live.sync({ userId: 'u-ada', connectionId: null });
    await settle();
    socket.fire('disconnect', 'io server disconnect');
    expect(socket.connects).toBe(0);
    expect(shown).toHaveLength(1);
    shown[0]!();
    expect(socket.connects).toBe(1);
  });

  test('leaves other disconnects to socket.io-client’s own backoff, and stops waiting once closed', async () => {
    const { live, socket, shown, cancelled, settle } = setup();
    live.sync({ userId: 'u-ada', connectionId: null });
    await settle();
    socket.fire('disconnect', 'transport close');
    expect(shown).toHaveLength(0);
    socket.fire('disconnect', 'io server disconnect');
    live.stop();
    expect(cancelled).toHaveBeenCalled();
    shown[0]!();
    expect(socket.connects).toBe(0);
  });
});

describe('the live client whose session ended (issue 28, finding 8)', () => {
  test('told `session.ended`, checks the session with the reason and waits for no tab to be shown again', async () => {
    const { live, socket, shown, checkSession, settle } = setup(true);
    live.sync({ userId: 'u-ada', connectionId: null });
    await settle();
    socket.fire('session.ended', { reason: 'signed_out' });
    socket.fire('disconnect', 'io server disconnect');
    await settle();
    expect(checkSession).toHaveBeenCalledWith('signed_out');
    expect(shown).toHaveLength(0);
    expect(socket.connects).toBe(0);
  });

  test('comes back when its tab is shown again if the session turns out to live on', async () => {
    const { live, socket, shown, settle } = setup(false);
    live.sync({ userId: 'u-ada', connectionId: null });
    await settle();
    socket.fire('session.ended', { reason: 'expired' });
    socket.fire('disconnect', 'io server disconnect');
    await settle();
    expect(shown).toHaveLength(1);
  });

  test('a refused handshake makes the tab check its session', async () => {
    const { live, socket, checkSession, settle } = setup(true);
    live.sync({ userId: 'u-ada', connectionId: null });
    await settle();
    socket.fire('connect_error', new Error('websocket error'));
    expect(checkSession).toHaveBeenCalledWith(null);
  });
});
