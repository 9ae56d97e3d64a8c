import { describe, expect, test } from 'vitest';
import type { Booking } from '../../lib/office-hours/types';
import { SESSION_ACTIONS, type Side } from './session-actions';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;

function booking(status: Booking['status'], startOffsetHours: number): Booking {
  const start = NOW + startOffsetHours * HOUR;
  return { _id: 'b1', status, start: new Date(start).toISOString(), end: new Date(start + HOUR / 2).toISOString() } as Booking;
}

const offered = (b: Booking, side: Side, now = NOW) => SESSION_ACTIONS.filter((action) => action.when(b, side, now)).map((action) => action.key);

describe('the actions a session card offers', () => {
  test('either side may move or cancel a held session before it starts', () => {
    expect(offered(booking('confirmed', 48), 'guest')).toEqual(['move', 'cancel']);
    expect(offered(booking('requested', 48), 'host')).toEqual(['approve', 'decline', 'move', 'cancel']);
  });

  test('the host marks a no-show once a confirmed session has started, not before and not for a request', () => {
    expect(offered(booking('confirmed', -0.25), 'host')).toEqual(['no-show']);
    expect(offered(booking('confirmed', 1), 'host')).not.toContain('no-show');
    expect(offered(booking('requested', -0.25), 'host')).toEqual(['decline']);
  });

  test('the guest is offered a review after a confirmed session ends, within the review window', () => {
    const held = booking('confirmed', -2);
    expect(offered(held, 'guest')).toEqual(['review']);
    expect(SESSION_ACTIONS.find((action) => action.key === 'review')?.href?.(held)).toBe('/sessions/b1/review');
    expect(offered(held, 'host')).toEqual(['no-show']);
    expect(offered(held, 'guest', NOW + 31 * 24 * HOUR)).toEqual([]);
    expect(offered(booking('no_show', -2), 'guest')).toEqual([]);
  });
});
