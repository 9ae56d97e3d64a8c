import { describe, expect, test } from 'vitest';
import { clockLabel, dayKey, groupByDay, rangeLabel, zoneLabel } from './time';

describe('office-hours times', () => {
  test('show one instant on the clocks of two zones', () => {
    const start = '2026-03-02T16:00:00.000Z';
    expect(clockLabel(start, 'Europe/Berlin')).toBe('17:00');
    expect(clockLabel(start, 'America/New_York')).toBe('11:00');
    expect(rangeLabel(start, '2026-03-02T16:30:00.000Z', 'Asia/Kolkata')).toBe('Mon 2 Mar, 21:30–22:00');
  });

  test('put a late evening slot on the next day where it is already morning', () => {
    expect(dayKey('2026-03-02T23:30:00.000Z', 'America/New_York')).toBe('2026-03-02');
    expect(dayKey('2026-03-02T23:30:00.000Z', 'Australia/Sydney')).toBe('2026-03-03');
  });

  test('group slots by their day in the viewer’s zone, in order', () => {
    const slots = ['2026-03-02T22:00:00.000Z', '2026-03-02T23:30:00.000Z', '2026-03-03T09:00:00.000Z'].map((start) => ({ start }));
    const days = groupByDay(slots, 'Europe/Berlin');
    expect(days.map((day) => [day.day, day.items.length])).toEqual([
      ['2026-03-02', 1],
      ['2026-03-03', 2],
    ]);
    expect(days[1]?.label).toBe('Tue 3 Mar');
  });

  test('name a zone by its city', () => {
    expect(zoneLabel('America/New_York')).toBe('New York');
    expect(zoneLabel('UTC')).toBe('UTC');
  });
});
