/**
 * Messages grouped by calendar day for the thread pane ("Today", "Yesterday", "Monday",
 * "Mar 3", "Mar 3, 2024"). Pure: the caller passes `now` and the time zone, so the
 * server (UTC) and the browser's first render agree; the browser then regroups in its own zone.
 */

/** A day of messages: `key` is YYYY-MM-DD in the chosen zone. */
export interface DayGroup<T> {
  key: string;
  label: string;
  items: T[];
}

const keyFormatters = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of `time` in `timeZone`. */
export function dayKey(time: number, timeZone: string | undefined): string {
  const id = timeZone ?? '';
  let formatter = keyFormatters.get(id);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    keyFormatters.set(id, formatter);
  }
  return formatter.format(time);
}

/** Whole days between two YYYY-MM-DD keys (b − a). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The heading of the day `key` seen on `now`. */
export function dayLabel(key: string, now: number, timeZone: string | undefined): string {
  const today = dayKey(now, timeZone);
  const ago = daysBetween(key, today);
  if (ago === 0) return 'Today';
  if (ago === 1) return 'Yesterday';
  const noon = Date.parse(`${key}T12:00:00Z`);
  if (ago > 1 && ago < 7) return new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'UTC' }).format(noon);
  const sameYear = key.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: sameYear ? undefined : 'numeric', timeZone: 'UTC' }).format(noon);
}

/** `items` (oldest first) in day groups, in order; an item without a valid time joins the previous day. */
export function groupByDay<T extends { createdAt: string }>(items: readonly T[], now: number, timeZone?: string): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const time = Date.parse(item.createdAt);
    const key = Number.isNaN(time) ? (groups.at(-1)?.key ?? dayKey(now, timeZone)) : dayKey(time, timeZone);
    const last = groups.at(-1);
    if (last && last.key === key) last.items.push(item);
    else groups.push({ key, label: dayLabel(key, now, timeZone), items: [item] });
  }
  return groups;
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** The clock time of a message ("2:05 PM") in `timeZone`. */
export function clockTime(iso: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const id = timeZone ?? '';
  let formatter = timeFormatters.get(id);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone });
    timeFormatters.set(id, formatter);
  }
  return formatter.format(time);
}
