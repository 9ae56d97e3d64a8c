import { afterEach, describe, expect, test, vi } from 'vitest';
import { SESSION_CHANGED_EVENT, sessionsLive } from './sessions-live';
import type { Booking } from './types';

afterEach(() => vi.unstubAllGlobals());

describe('sessions on the live connection', () => {
  test('tell the page about a changed session, and about a reconnect', () => {
    // The page's document, as far as these handlers use it.
    vi.stubGlobal('document', new EventTarget());
    const heard: Array<Booking | null> = [];
    const listen = (event: Event) => heard.push((event as CustomEvent<Booking | null>).detail);
    document.addEventListener(SESSION_CHANGED_EVENT, listen);
    const booking = { _id: 'b1', status: 'confirmed' } as Booking;
    sessionsLive.session?.({ booking });
    sessionsLive.reconnect?.();
    document.removeEventListener(SESSION_CHANGED_EVENT, listen);
    expect(heard).toEqual([booking, null]);
  });
});
