/**
 * "3 hours ago", "yesterday", "just now": how long ago something happened, in words.
 * Pure (the caller passes `now`), so the server and the browser's first render agree.
 */

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** Under this many seconds either way, it is "just now". */
const JUST_NOW_SECONDS = 45;

const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** How long before (or after) `now` the ISO time `iso` is; '' for a value that is not a time. */
export function relativeTime(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = (then - now) / 1000;
  const size = Math.abs(seconds);
  if (size < JUST_NOW_SECONDS) return 'just now';
  for (const [unit, unitSeconds] of UNITS) {
    if (size >= unitSeconds) return formatter.format(Math.round(seconds / unitSeconds), unit);
  }
  return formatter.format(Math.sign(seconds) * 1, 'minute');
}

const fullFormatter = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** The exact date and time in the reader's time zone ("Mar 3, 2026, 2:05 PM"), for a tooltip. */
export function fullDate(iso: string): string {
  const then = Date.parse(iso);
  return Number.isNaN(then) ? '' : fullFormatter.format(then);
}
