/**
 * Open slots of a host's office hours, pure. Weekly hours are wall-clock times in the host's
 * own time zone; the zone's offsets come from Temporal (temporal-polyfill), so a day that
 * changes clocks keeps its wall-clock hours: a rule of 09:00–17:00 starts at 09:00 local on
 * either side of a daylight-saving change, a wall time that a change skips is taken as the
 * first instant after the gap, and a repeated hour is real time (offered twice). A day whose
 * offset is the same at both ends maps wall time to instants by subtraction; only a day that
 * changes clocks goes through Temporal's own conversion. Everything else is plain arithmetic
 * on epoch milliseconds, which keeps a quarter of rules and hundreds of bookings cheap.
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
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Minutes since midnight of an `HH:MM` text. */
const minutesOf = (clock: string): number => {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/** A zone's offset from UTC at an instant, in milliseconds. */
const offsetAt = (instant: number, timeZone: string): number => Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone).offsetNanoseconds / 1_000_000;

/** The local date an instant falls on, as the UTC midnight of that date ("wall" milliseconds). */
const localDay = (instant: number, timeZone: string): number => Math.floor((instant + offsetAt(instant, timeZone)) / DAY) * DAY;

const isoDate = (wallDay: number): string => new Date(wallDay).toISOString().slice(0, 10);

/**
 * Wall-clock minutes of one local date (`wallDay`) as instants. Offsets run from −12 h to +14 h,
 * so the date's instants lie between 14 h before its wall midnight and 12 h after its wall end;
 * when the offset is the same at both ends the date has no change (no zone changes clocks twice
 * within two days), else Temporal converts, with its "compatible" reading of gaps and repeats.
 */
function dayClock(wallDay: number, timeZone: string): (minutes: number) => number {
  const offset = offsetAt(wallDay - 14 * HOUR, timeZone);
  if (offset === offsetAt(wallDay + DAY + 12 * HOUR, timeZone)) return (minutes) => wallDay + minutes * MINUTE - offset;
  const date = Temporal.PlainDate.from(isoDate(wallDay));
  return (minutes) => {
    const day = minutes >= 24 * 60 ? date.add({ days: 1 }) : date;
    const rest = minutes % (24 * 60);
    const plainTime = new Temporal.PlainTime(Math.floor(rest / 60), rest % 60);
    return day.toZonedDateTime({ timeZone, plainTime }).epochMilliseconds;
  };
}

/** Busy spans widened by the buffers, sorted by start. */
function widened(bookings: readonly Busy[], hours: OfficeHours): Busy[] {
  return bookings.map((booking) => ({ start: booking.start - hours.bufferBefore * MINUTE, end: booking.end + hours.bufferAfter * MINUTE })).sort((a, b) => a.start - b.start);
}

/** How many of the sorted `starts` lie in [from, until). */
function countBetween(starts: readonly number[], from: number, until: number): number {
  const firstAtOrAfter = (instant: number) => {
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (starts[middle] < instant) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return firstAtOrAfter(until) - firstAtOrAfter(from);
}

/** Whether [start, end) meets any span; `cursor` walks the sorted spans once, as slots come in time order. */
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

/** Each weekday's stretches in minutes, sorted, with overlapping or touching ones merged. */
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

/** ISO weekday (1 Monday … 7 Sunday) of a wall day. */
const weekdayOf = (wallDay: number): number => ((new Date(wallDay).getUTCDay() + 6) % 7) + 1;

/** The open slots of `hours` starting between `query.from` and `query.until`, in time order. */
export function openSlots(hours: OfficeHours, bookings: readonly Busy[], query: SlotQuery): Slot[] {
  const { timeZone } = hours;
  const length = query.length * MINUTE;
  const before = hours.bufferBefore * MINUTE;
  const after = hours.bufferAfter * MINUTE;
  const earliest = Math.max(query.from, query.now + hours.minimumNotice * MINUTE);
  if (earliest > query.until || length <= 0) return [];
  const daysOff = new Set(hours.daysOff);
  const starts = bookings.map((booking) => booking.start).sort((a, b) => a - b);
  const conflicts = makeConflictCheck(widened(bookings, hours));
  const byWeekday = stretchesByWeekday(hours.hours);
  const heldInWeek = new Map<number, number>();
  const weekIsFull = (monday: number): boolean => {
    if (hours.weeklyCap === null) return false;
    let held = heldInWeek.get(monday);
    if (held === undefined) {
      held = countBetween(starts, dayClock(monday, timeZone)(0), dayClock(monday + 7 * DAY, timeZone)(0));
      heldInWeek.set(monday, held);
    }
    return held >= hours.weeklyCap;
  };

  const slots: Slot[] = [];
  const last = localDay(query.until, timeZone);
  for (let wallDay = localDay(earliest, timeZone); wallDay <= last; wallDay += DAY) {
    const weekday = weekdayOf(wallDay);
    const stretches = byWeekday.get(weekday);
    if (!stretches || daysOff.has(isoDate(wallDay)) || weekIsFull(wallDay - (weekday - 1) * DAY)) continue;
    const at = dayClock(wallDay, timeZone);
    for (const stretch of stretches) {
      const close = at(stretch.close);
      for (let start = at(stretch.open); start + length <= close; start += length) {
        if (start < earliest || start > query.until) continue;
        if (conflicts(start - before, start + length + after)) continue;
        slots.push({ start, end: start + length });
      }
    }
  }
  return slots;
}

/** The host's week (Monday 00:00 to the next Monday 00:00 in their zone) around an instant. */
export function weekAround(instant: number, timeZone: string): { from: number; until: number } {
  const day = localDay(instant, timeZone);
  const monday = day - (weekdayOf(day) - 1) * DAY;
  return { from: dayClock(monday, timeZone)(0), until: dayClock(monday + 7 * DAY, timeZone)(0) };
}
