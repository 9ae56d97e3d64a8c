import { describe, expect, it } from 'vitest';
import { type Busy, type OfficeHours, openSlots, type WeeklyHours } from './slots';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const WEEKDAYS = [1, 2, 3, 4, 5] as const;

function officeHours(timeZone: string, overrides: Partial<OfficeHours> = {}): OfficeHours {
  return {
    timeZone,
    hours: WEEKDAYS.map((weekday): WeeklyHours => ({ weekday, start: '09:00', end: '12:00' })),
    bufferBefore: 0,
    bufferAfter: 0,
    minimumNotice: 0,
    weeklyCap: null,
    daysOff: [],
    ...overrides,
  };
}

/** The wall-clock `HH:MM` of an instant in a zone, as the member reading the slot sees it. */
const wallClock = (instant: number, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
const isoDate = (instant: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);

/** Slots from `fromIso` for `days` days, as the first slot's wall-clock time in the host zone for each date. */
function firstSlotsByDate(hours: OfficeHours, fromIso: string, days: number, length = 60): Map<string, string> {
  const from = Date.parse(fromIso);
  const slots = openSlots(hours, [], { length, from, until: from + days * 24 * HOUR, now: from - HOUR });
  const first = new Map<string, string>();
  for (const slot of slots) {
    const date = isoDate(slot.start, hours.timeZone);
    if (!first.has(date)) first.set(date, wallClock(slot.start, hours.timeZone));
  }
  return first;
}

describe('open slots across daylight-saving changes', () => {
  // Each zone's two changes of 2026 (Kolkata has none): the week around each change, hours 09:00–12:00 local.
  const changes: [string, string, string][] = [
    ['Europe/Berlin', '2026-03-26T00:00:00Z', '2026-03-29'],
    ['Europe/Berlin', '2026-10-22T00:00:00Z', '2026-10-25'],
    ['America/New_York', '2026-03-05T12:00:00Z', '2026-03-08'],
    ['America/New_York', '2026-10-29T12:00:00Z', '2026-11-01'],
    ['Australia/Sydney', '2026-03-31T12:00:00Z', '2026-04-05'],
    ['Australia/Sydney', '2026-09-30T12:00:00Z', '2026-10-04'],
    ['Asia/Kolkata', '2026-03-26T00:00:00Z', '2026-03-29'],
  ];

  for (const [timeZone, from, change] of changes) {
    it(`keeps 09:00 local on weekdays before and after ${change} in ${timeZone}`, () => {
      const first = firstSlotsByDate(officeHours(timeZone), from, 8);
      const dates = [...first.keys()];
      // Weekdays on both sides of the change, each starting at 09:00 on the host's clock.
      expect(dates.some((date) => date < change)).toBe(true);
      expect(dates.some((date) => date > change)).toBe(true);
      for (const [, clock] of first) expect(clock).toBe('09:00');
    });
  }

  it('moves the UTC start by the change: Berlin 09:00 is 08:00Z in winter and 07:00Z in summer', () => {
    const hours = officeHours('Europe/Berlin');
    const from = Date.parse('2026-03-26T00:00:00Z');
    const slots = openSlots(hours, [], { length: 60, from, until: from + 6 * 24 * HOUR, now: from });
    const starts = slots.map((slot) => new Date(slot.start).toISOString());
    expect(starts).toContain('2026-03-27T08:00:00.000Z'); // Friday, CET
    expect(starts).toContain('2026-03-30T07:00:00.000Z'); // Monday, CEST
  });

  // 09:00 on the host's clock, the Friday before and the Monday after each change, as UTC instants.
  const shifts: [string, string, string, string][] = [
    ['Europe/Berlin', '2026-10-22T00:00:00Z', '2026-10-23T07:00:00.000Z', '2026-10-26T08:00:00.000Z'],
    ['America/New_York', '2026-03-05T12:00:00Z', '2026-03-06T14:00:00.000Z', '2026-03-09T13:00:00.000Z'],
    ['America/New_York', '2026-10-29T12:00:00Z', '2026-10-30T13:00:00.000Z', '2026-11-02T14:00:00.000Z'],
    ['Australia/Sydney', '2026-04-01T12:00:00Z', '2026-04-02T22:00:00.000Z', '2026-04-05T23:00:00.000Z'],
    ['Australia/Sydney', '2026-09-30T12:00:00Z', '2026-10-01T23:00:00.000Z', '2026-10-04T22:00:00.000Z'],
    // Kolkata keeps one offset while Berlin changes the same weekend.
    ['Asia/Kolkata', '2026-03-26T00:00:00Z', '2026-03-27T03:30:00.000Z', '2026-03-30T03:30:00.000Z'],
  ];

  for (const [timeZone, from, friday, monday] of shifts) {
    it(`moves 09:00 in ${timeZone} from ${friday} to ${monday} across the change`, () => {
      const start = Date.parse(from);
      const slots = openSlots(officeHours(timeZone), [], { length: 60, from: start, until: start + 6 * 24 * HOUR, now: start });
      const starts = slots.map((slot) => new Date(slot.start).toISOString());
      expect(starts).toContain(friday);
      expect(starts).toContain(monday);
    });
  }

  it('offers Sydney’s skipped hour of the October change once, and its repeated hour of April as real time', () => {
    const night = officeHours('Australia/Sydney', { hours: [{ weekday: 7, start: '01:00', end: '04:00' }] });
    const spring = Date.parse('2026-10-03T12:00:00Z'); // Sunday 4 October, 02:00 becomes 03:00
    const skipped = openSlots(night, [], { length: 60, from: spring, until: spring + 24 * HOUR, now: spring });
    expect(skipped.map((slot) => wallClock(slot.start, 'Australia/Sydney'))).toEqual(['01:00', '03:00']);
    const autumn = Date.parse('2026-04-04T12:00:00Z'); // Sunday 5 April, 03:00 becomes 02:00 again
    const repeated = openSlots(night, [], { length: 60, from: autumn, until: autumn + 24 * HOUR, now: autumn });
    expect(repeated.map((slot) => wallClock(slot.start, 'Australia/Sydney'))).toEqual(['01:00', '02:00', '02:00', '03:00']);
  });

  it('offers a skipped night hour once, never a slot that does not exist', () => {
    // Hours 01:00–04:00 on the Sunday Berlin skips 02:00–03:00: two real hours, two slots.
    const hours = officeHours('Europe/Berlin', { hours: [{ weekday: 7, start: '01:00', end: '04:00' }] });
    const from = Date.parse('2026-03-28T12:00:00Z');
    const slots = openSlots(hours, [], { length: 60, from, until: from + 24 * HOUR, now: from });
    expect(slots.map((slot) => wallClock(slot.start, 'Europe/Berlin'))).toEqual(['01:00', '03:00']);
  });

  it('offers the repeated night hour of the autumn change as real time: four hours, four slots', () => {
    const hours = officeHours('America/New_York', { hours: [{ weekday: 7, start: '00:00', end: '03:00' }] });
    const from = Date.parse('2026-11-01T00:00:00Z');
    const slots = openSlots(hours, [], { length: 60, from, until: from + 24 * HOUR, now: from });
    expect(slots).toHaveLength(4);
    expect(slots.map((slot) => wallClock(slot.start, 'America/New_York'))).toEqual(['00:00', '01:00', '01:00', '02:00']);
  });

  it('reads a slot in the viewer’s zone: Kolkata 09:00 is 04:30 in Berlin in winter', () => {
    const hours = officeHours('Asia/Kolkata');
    const from = Date.parse('2026-01-05T00:00:00Z');
    const [slot] = openSlots(hours, [], { length: 30, from, until: from + 24 * HOUR, now: from });
    expect(wallClock(slot.start, 'Asia/Kolkata')).toBe('09:00');
    expect(wallClock(slot.start, 'Europe/Berlin')).toBe('04:30');
  });
});

describe('open slots and the host’s rules', () => {
  const monday = Date.parse('2026-01-05T00:00:00Z'); // a Monday, Berlin is UTC+1
  const window = { from: monday, until: monday + 7 * 24 * HOUR, now: monday };
  const at = (iso: string) => Date.parse(iso);

  it('steps by the session length inside the hours', () => {
    const slots = openSlots(officeHours('Europe/Berlin'), [], { ...window, length: 45, until: monday + 20 * HOUR });
    expect(slots.map((slot) => wallClock(slot.start, 'Europe/Berlin'))).toEqual(['09:00', '09:45', '10:30', '11:15']);
  });

  it('keeps the buffers free on both sides of a booking, stacked', () => {
    const hours = officeHours('Europe/Berlin', { bufferBefore: 15, bufferAfter: 15 });
    const booking: Busy = { start: at('2026-01-05T09:00:00Z'), end: at('2026-01-05T09:30:00Z') }; // 10:00–10:30 Berlin
    const slots = openSlots(hours, [booking], { ...window, length: 30, until: monday + 20 * HOUR });
    // 09:00 ends 09:30 (+15 = 09:45, before the booking's 09:45): open. 09:30 ends 10:00, +15 meets 09:45: closed.
    // 10:30 starts at the booking's end; 10:30 − 15 meets its after-buffer: closed. 11:00 − 15 = 10:45 = 10:30 + 15: open.
    expect(slots.map((slot) => wallClock(slot.start, 'Europe/Berlin'))).toEqual(['09:00', '11:00', '11:30']);
  });

  it('needs the minimum notice', () => {
    const now = at('2026-01-05T08:10:00Z'); // 09:10 Berlin
    const slots = openSlots(officeHours('Europe/Berlin', { minimumNotice: 60 }), [], { ...window, now, length: 60, until: monday + 20 * HOUR });
    expect(slots.map((slot) => wallClock(slot.start, 'Europe/Berlin'))).toEqual(['11:00']);
  });

  it('skips days off', () => {
    const slots = openSlots(officeHours('Europe/Berlin', { daysOff: ['2026-01-06'] }), [], { ...window, length: 180 });
    expect(slots.map((slot) => isoDate(slot.start, 'Europe/Berlin'))).toEqual(['2026-01-05', '2026-01-07', '2026-01-08', '2026-01-09']);
  });

  it('offers nothing more in a week that has reached its cap, and again the next week', () => {
    const hours = officeHours('Europe/Berlin', { weeklyCap: 2 });
    const bookings: Busy[] = [
      { start: at('2026-01-05T08:00:00Z'), end: at('2026-01-05T09:00:00Z') },
      { start: at('2026-01-07T08:00:00Z'), end: at('2026-01-07T09:00:00Z') },
    ];
    const slots = openSlots(hours, bookings, { ...window, length: 180, until: monday + 14 * 24 * HOUR });
    expect(slots.every((slot) => slot.start >= at('2026-01-12T00:00:00Z'))).toBe(true);
    expect(slots).toHaveLength(5);
    expect(openSlots({ ...hours, weeklyCap: 3 }, bookings, { ...window, length: 180 }).length).toBe(3);
  });

  it('merges overlapping stretches of one day and never offers a slot twice', () => {
    const hours = officeHours('Europe/Berlin', {
      hours: [
        { weekday: 1, start: '10:00', end: '12:00' },
        { weekday: 1, start: '09:00', end: '11:00' },
      ],
    });
    const slots = openSlots(hours, [], { ...window, length: 60, until: monday + 24 * HOUR });
    expect(slots.map((slot) => wallClock(slot.start, 'Europe/Berlin'))).toEqual(['09:00', '10:00', '11:00']);
  });

  it('offers hours that end at midnight', () => {
    const hours = officeHours('Europe/Berlin', { hours: [{ weekday: 1, start: '22:00', end: '24:00' }] });
    const slots = openSlots(hours, [], { ...window, length: 60 });
    expect(slots.map((slot) => wallClock(slot.start, 'Europe/Berlin'))).toEqual(['22:00', '23:00']);
    expect(slots.at(-1)!.end - slots.at(-1)!.start).toBe(60 * MINUTE);
  });
});

describe('the host’s week', () => {
  it('runs from Monday 00:00 to the next Monday 00:00 on the host’s clock, across a change', async () => {
    const { weekAround } = await import('./slots');
    const week = weekAround(Date.parse('2026-03-27T12:00:00Z'), 'Europe/Berlin');
    expect(new Date(week.from).toISOString()).toBe('2026-03-22T23:00:00.000Z');
    expect(new Date(week.until).toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});
