import { describe, expect, it } from 'vitest';
import { dueWeek, isoWeek, localTime, nextShortlistAt, shortlistDay, weekdaysDueAt } from './schedule';

// Last byte 0x00 → Monday (0), 0x03 → Thursday (3).
const MONDAY_MEMBER = 'aaaaaaaaaaaaaaaaaaaaaa00';
const THURSDAY_MEMBER = 'aaaaaaaaaaaaaaaaaaaaaa03';

describe('shortlistDay', () => {
  it('spreads members over the week by the last byte of their id', () => {
    expect(shortlistDay(MONDAY_MEMBER)).toBe(0);
    expect(shortlistDay(THURSDAY_MEMBER)).toBe(3);
    expect(shortlistDay('aaaaaaaaaaaaaaaaaaaaaaff')).toBe(255 % 7);
  });
});

describe('dueWeek', () => {
  // Monday 2026-11-30.
  it('is due at 08:00 on the member’s weekday in their own time zone, for the next four hours', () => {
    expect(dueWeek(new Date('2026-11-30T08:00:00Z'), 'UTC', MONDAY_MEMBER)).toBe('2026-W49');
    expect(dueWeek(new Date('2026-11-30T11:59:00Z'), 'UTC', MONDAY_MEMBER)).toBe('2026-W49');
    expect(dueWeek(new Date('2026-11-30T07:59:00Z'), 'UTC', MONDAY_MEMBER)).toBeNull();
    expect(dueWeek(new Date('2026-11-30T12:00:00Z'), 'UTC', MONDAY_MEMBER)).toBeNull();
    // Another weekday's member is not due on Monday.
    expect(dueWeek(new Date('2026-11-30T08:00:00Z'), 'UTC', THURSDAY_MEMBER)).toBeNull();
  });

  it('follows the member’s zone: 08:00 in Lagos is 07:00 UTC, in New York 13:00 UTC', () => {
    expect(dueWeek(new Date('2026-11-30T07:00:00Z'), 'Africa/Lagos', MONDAY_MEMBER)).toBe('2026-W49');
    expect(dueWeek(new Date('2026-11-30T08:00:00Z'), 'America/New_York', MONDAY_MEMBER)).toBeNull();
    expect(dueWeek(new Date('2026-11-30T13:00:00Z'), 'America/New_York', MONDAY_MEMBER)).toBe('2026-W49');
    // Sunday 21:00 UTC is already Monday 08:00 in Auckland (UTC+13 in summer).
    expect(dueWeek(new Date('2026-11-29T19:00:00Z'), 'Pacific/Auckland', MONDAY_MEMBER)).toBe('2026-W49');
  });
});

describe('the job’s reading', () => {
  it('reads at most two weekdays of members in any hour, and the weeks around the moment', () => {
    for (let hour = 0; hour < 24 * 7; hour += 1) {
      const at = new Date(Date.UTC(2026, 10, 30, hour));
      const days = weekdaysDueAt(at);
      expect(days.length).toBeGreaterThanOrEqual(1);
      expect(days.length).toBeLessThanOrEqual(2);
    }
    expect(weekdaysDueAt(new Date('2026-11-30T08:00:00Z'))).toContain(0);
  });
});

describe('nextShortlistAt and the calendar', () => {
  it('names the start of the member’s next window', () => {
    expect(nextShortlistAt(new Date('2026-11-28T10:30:00Z'), 'UTC', MONDAY_MEMBER).toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(nextShortlistAt(new Date('2026-11-30T09:00:00Z'), 'UTC', MONDAY_MEMBER).toISOString()).toBe('2026-12-07T08:00:00.000Z');
    expect(nextShortlistAt(new Date('2026-11-28T10:30:00Z'), 'Europe/Berlin', THURSDAY_MEMBER).toISOString()).toBe('2026-12-03T07:00:00.000Z');
  });

  it('counts ISO weeks from the week of the year’s first Thursday', () => {
    expect(isoWeek('2026-01-01')).toBe('2026-W01');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
    expect(localTime(new Date('2026-11-29T23:30:00Z'), 'Europe/Berlin')).toEqual({ weekday: 0, hour: 0, date: '2026-11-30' });
  });
});
