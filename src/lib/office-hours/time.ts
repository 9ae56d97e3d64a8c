/**
 * How office hours show instants: in a named time zone (the viewer's own, or the host's
 * for visitors), with the zone said, and slots grouped by the day they fall on there. Only
 * Intl does the arithmetic: the API sends instants in UTC.
 */

/** The browser's own time zone (UTC when it cannot tell). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    formatters.set(key, made);
  }
  return made;
}

/** `Mon 3 Mar` in `timeZone`. */
export function dayLabel(iso: string, timeZone: string): string {
  return formatter(timeZone, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** `14:30` in `timeZone`. */
export function clockLabel(iso: string, timeZone: string): string {
  return formatter(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** The calendar day `YYYY-MM-DD` an instant falls on in `timeZone`. */
export function dayKey(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** `Mon 3 Mar, 14:30–15:00` in `timeZone`. */
export function rangeLabel(start: string, end: string, timeZone: string): string {
  return `${dayLabel(start, timeZone)}, ${clockLabel(start, timeZone)}–${clockLabel(end, timeZone)}`;
}

/** A zone as people read it: `Europe/Berlin` → `Berlin`, `America/New_York` → `New York`. */
export function zoneLabel(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
}

/** Instants grouped by their day in `timeZone`, days and instants in time order. */
export function groupByDay<T extends { start: string }>(items: readonly T[], timeZone: string): Array<{ day: string; label: string; items: T[] }> {
  const days = new Map<string, { day: string; label: string; items: T[] }>();
  for (const item of items) {
    const day = dayKey(item.start, timeZone);
    const group = days.get(day) ?? { day, label: dayLabel(item.start, timeZone), items: [] };
    group.items.push(item);
    days.set(day, group);
  }
  return [...days.values()];
}
