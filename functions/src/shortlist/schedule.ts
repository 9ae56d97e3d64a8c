/**
 * When a member's weekly shortlist is due (docs/product.md "Weekly shortlist"): on their own
 * weekday, from SHORTLIST_HOUR for WINDOW_HOURS, in their time zone (UTC without one). The
 * weekday comes from the member's id, so the community's shortlists spread over the week;
 * the window lets a busy hour's rest go out in the next hours' runs. Pure.
 */
import { sql, type SQL } from 'drizzle-orm';

/** The local hour the shortlist goes out. */
export const SHORTLIST_HOUR = 8;
/** Hours after SHORTLIST_HOUR a shortlist may still go out (runs that had too many to do). */
export const WINDOW_HOURS = 4;

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The widest UTC offsets there are (UTC−12 to UTC+14), in hours. */
const OFFSETS = { min: -12, max: 14 } as const;

/** The member's shortlist weekday, 0 = Monday … 6 = Sunday: the last byte of the (hex) id, modulo 7. */
export function shortlistDay(userId: string): number {
  const byte = Number.parseInt(userId.slice(-2), 16);
  return Number.isNaN(byte) ? 0 : byte % 7;
}

/** shortlistDay in SQL, for the user id column `id`. */
export function shortlistDaySql(id: SQL): SQL {
  const digit = (at: number) => sql`(instr('0123456789abcdef', lower(substr(${id}, ${at}, 1))) - 1)`;
  return sql`((${digit(-2)} * 16 + ${digit(-1)}) % 7)`;
}

/** The day name of a shortlist weekday. */
export const dayName = (day: number): string => DAY_NAMES[day] ?? 'Monday';

type LocalTime = { weekday: number; hour: number; date: string };

/** One formatter per zone: making one costs far more than using it, and a run asks for thousands of members. */
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = FORMATTERS.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    FORMATTERS.set(timeZone, formatter);
  }
  return formatter;
}

/** The moment's weekday, hour and date in the zone. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { weekday: WEEKDAY_INDEX[parts.weekday ?? 'Mon'] ?? 0, hour: Number(parts.hour), date: `${parts.year}-${parts.month}-${parts.day}` };
}

/** The ISO week of a date (`YYYY-MM-DD`), as '2026-W49'. */
export function isoWeek(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7;
  // The week belongs to the year of its Thursday.
  const thursday = new Date(day.getTime() + (3 - weekday) * DAY);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The week whose shortlist is due for the member at `at`, or null when it is not their hour. */
export function dueWeek(at: Date, timeZone: string, userId: string): string | null {
  const local = localTime(at, timeZone);
  if (local.weekday !== shortlistDay(userId)) return null;
  if (local.hour < SHORTLIST_HOUR || local.hour >= SHORTLIST_HOUR + WINDOW_HOURS) return null;
  return isoWeek(local.date);
}

/**
 * The weekdays some member may be due on at `at`, whatever their zone: the job reads only the
 * members of these days (at most two of the seven).
 */
export function weekdaysDueAt(at: Date): number[] {
  const days = new Set<number>();
  for (let offset = OFFSETS.min * 4; offset <= OFFSETS.max * 4; offset += 1) {
    const local = new Date(at.getTime() + offset * 15 * 60_000);
    const hour = local.getUTCHours();
    if (hour >= SHORTLIST_HOUR && hour < SHORTLIST_HOUR + WINDOW_HOURS) days.add((local.getUTCDay() + 6) % 7);
  }
  return [...days].sort();
}

/** When the member's next shortlist goes out after `at` (the start of their next window). */
export function nextShortlistAt(at: Date, timeZone: string, userId: string): Date {
  // Hour by hour over the coming week: the first hour that is the member's SHORTLIST_HOUR.
  const start = Math.ceil(at.getTime() / HOUR) * HOUR;
  for (let step = 0; step <= 8 * 24; step += 1) {
    const candidate = new Date(start + step * HOUR);
    const local = localTime(candidate, timeZone);
    if (local.weekday === shortlistDay(userId) && local.hour === SHORTLIST_HOUR) return candidate;
  }
  return new Date(start);
}
