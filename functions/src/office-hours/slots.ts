/**
 * Open slots of a host's office hours, pure. Weekly hours are wall-clock times in the host's
 * own time zone; each day's hours become instants through Temporal (temporal-polyfill), so a
 * day that changes clocks keeps its wall-clock hours: a rule of 09:00–17:00 starts at 09:00
 * local on either side of a daylight-saving change, and a wall time that a change skips is
 * taken as the first instant after the gap. Everything after that step is plain arithmetic on
 * epoch milliseconds, which is what keeps a quarter of rules and hundreds of bookings cheap.
 *
 * A slot is open when it starts after the minimum notice, lies inside one day's hours, and its
 * span widened by the buffers meets no booking's span widened the same way (buffers count as
 * busy on both sides and stack, so two sessions are at least after + before apart), on a day
 * that is not a day off, in a week (Monday to Sunday, host's time) under the weekly cap.
 */
import { Temporal } from 'temporal-polyfill';

/** ISO weekday: 1 is Monday, 7 is Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One stretch of weekly hours, wall-clock `HH:MM` in the host's zone; `end` after `start`. */
export type WeeklyHours = { weekday: Weekday; start: string; end: string };

export type OfficeHours = {
  /** IANA time zone of the host, e.g. `Europe/Berlin`. */
  timeZone: string;
  hours: readonly WeeklyHours[];
  /** Minutes kept free before and after each session. */
  bufferBefore: number;
  bufferAfter: number;
  /** Minutes between booking and the session's start, at least. */
  minimumNotice: number;
  /** Sessions a week at most (Monday to Sunday in the host's zone); null for no cap. */
  weeklyCap: number | null;
  /** Dates off, `YYYY-MM-DD` in the host's zone. */
  daysOff: readonly string[];
};

/** A held session, as instants (epoch milliseconds). */
export type Busy = { start: number; end: number };

export type Slot = { start: number; end: number };

export type SlotQuery = {
  /** Session length in minutes. */
  length: number;
  /** The earliest and latest instants a slot may start in (epoch milliseconds). */
  from: number;
  until: number;
  now: number;
};

const MINUTE = 60_000;

/** Minutes since midnight of an `HH:MM` text. */
const minutesOf = (clock: string): number => {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/** The instant of a wall-clock time on a date in a zone; a skipped wall time moves past the gap. */
function instantAt(date: Temporal.PlainDate, minutes: number, timeZone: string): number {
  const time = minutes === 24 * 60 ? { hour: 0, minute: 0 } : { hour: Math.floor(minutes / 60), minute: minutes % 60 };
  const day = minutes === 24 * 60 ? date.add({ days: 1 }) : date;
  return day.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(time) }).epochMilliseconds;
}

/** Busy spans widened by the buffers, sorted by start. */
function widened(bookings: readonly Busy[], hours: OfficeHours): Busy[] {
  return bookings.map((booking) => ({ start: booking.start - hours.bufferBefore * MINUTE, end: booking.end + hours.bufferAfter * MINUTE })).sort((a, b) => a.start - b.start);
}

/** The Monday (host's zone) of the week an instant falls in, as `YYYY-MM-DD`. */
function weekOf(instant: number, timeZone: string): string {
  const date = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone).toPlainDate();
  return date.subtract({ days: date.dayOfWeek - 1 }).toString();
}

/** Sessions already held in each week (by its Monday), to apply the weekly cap. */
function sessionsByWeek(bookings: readonly Busy[], timeZone: string): Map<string, number> {
  const weeks = new Map<string, number>();
  for (const booking of bookings) {
    const week = weekOf(booking.start, timeZone);
    weeks.set(week, (weeks.get(week) ?? 0) + 1);
  }
  return weeks;
}

/** Whether [start, end) meets any span; `cursor` walks the sorted spans once across a day's slots. */
function makeConflictCheck(spans: readonly Busy[]) {
  let cursor = 0;
  return (start: number, end: number): boolean => {
    while (cursor < spans.length && spans[cursor].end <= start) cursor += 1;
    for (let index = cursor; index < spans.length && spans[index].start < end; index += 1) {
      if (spans[index].end > start) return true;
    }
    return false;
  };
}

/** Each weekday's stretches in minutes, sorted and with overlapping or touching ones merged. */
function stretchesByWeekday(hours: readonly WeeklyHours[]): Map<number, { open: number; close: number }[]> {
  const byWeekday = new Map<number, { open: number; close: number }[]>();
  for (const stretch of hours) {
    const list = byWeekday.get(stretch.weekday) ?? [];
    list.push({ open: minutesOf(stretch.start), close: minutesOf(stretch.end) });
    byWeekday.set(stretch.weekday, list);
  }
  for (const [weekday, list] of byWeekday) {
    list.sort((a, b) => a.open - b.open);
    const merged: typeof list = [];
    for (const stretch of list) {
      const previous = merged.at(-1);
      if (previous && stretch.open <= previous.close) previous.close = Math.max(previous.close, stretch.close);
      else merged.push({ ...stretch });
    }
    byWeekday.set(weekday, merged);
  }
  return byWeekday;
}

/** The open slots of `hours` starting between `query.from` and `query.until`, in time order. */
export function openSlots(hours: OfficeHours, bookings: readonly Busy[], query: SlotQuery): Slot[] {
  const { timeZone } = hours;
  const length = query.length * MINUTE;
  const before = hours.bufferBefore * MINUTE;
  const after = hours.bufferAfter * MINUTE;
  const earliest = Math.max(query.from, query.now + hours.minimumNotice * MINUTE);
  if (earliest > query.until || length <= 0) return [];
  const daysOff = new Set(hours.daysOff);
  const held = sessionsByWeek(bookings, timeZone);
  const conflicts = makeConflictCheck(widened(bookings, hours));
  const byWeekday = stretchesByWeekday(hours.hours);

  const slots: Slot[] = [];
  const last = Temporal.Instant.fromEpochMilliseconds(query.until).toZonedDateTimeISO(timeZone).toPlainDate();
  for (
    let date = Temporal.Instant.fromEpochMilliseconds(earliest).toZonedDateTimeISO(timeZone).toPlainDate();
    Temporal.PlainDate.compare(date, last) <= 0;
    date = date.add({ days: 1 })
  ) {
    const stretches = byWeekday.get(date.dayOfWeek);
    if (!stretches || daysOff.has(date.toString())) continue;
    const week = date.subtract({ days: date.dayOfWeek - 1 }).toString();
    if (hours.weeklyCap !== null && (held.get(week) ?? 0) >= hours.weeklyCap) continue;
    for (const stretch of stretches) {
      const open = instantAt(date, stretch.open, timeZone);
      const close = instantAt(date, stretch.close, timeZone);
      for (let start = open; start + length <= close; start += length) {
        if (start < earliest || start > query.until) continue;
        if (conflicts(start - before, start + length + after)) continue;
        slots.push({ start, end: start + length });
      }
    }
  }
  return slots;
}
