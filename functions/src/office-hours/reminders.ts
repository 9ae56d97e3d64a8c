/**
 * Session reminders (docs/product.md "Office hours"): a day and an hour before each confirmed
 * session, to both sides, by push or mail as each chose for `sessions` (off: nothing, not even
 * the bell). Run by the cron every 10 minutes (index.ts) over the partial index of confirmed
 * sessions by start (migration 0038), so a run reads only the next day's sessions.
 *
 * Each reminder is sent once: a conditional UPDATE claims it by writing the start it is for
 * (`day_reminder_for`, `hour_reminder_for`) before anything is sent, so two runs never both
 * send it. A moved session has a new start, so its reminders are due again for the new time;
 * a cancelled, declined or no-show session is no longer confirmed, so it gets none. A session
 * confirmed or moved within the day before it gets no day reminder (its invitation just
 * came); within the last hour, the hour reminder stands for both.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { bookings, type BookingRow, officeHours } from '../db/schema';
import { deliver } from '../notifications/deliver';
import { NOTIFICATION_LINKS } from '../notifications/links';
import { channelFor } from '../push/preferences';
import { memberCards } from '../members/cards';
import { type NoticeDeps, noticeMail, whenFor } from './notices';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Sessions read per run at most; the next run (10 minutes on) takes the rest. */
const BATCH = 500;

type Which = 'day' | 'hour';

/** Which reminder of the session is due at `now`, if any (the hour's wins within the last hour). */
function dueReminder(row: BookingRow, now: number): Which | null {
  const left = row.startsAt - now;
  if (left <= 0) return null;
  if (left <= HOUR) return row.hourReminderFor === row.startsAt ? null : 'hour';
  if (left <= DAY) return row.dayReminderFor === row.startsAt ? null : 'day';
  return null;
}

/** Claims the reminder for the session's current start; false when another run (or a change) got there first. */
async function claim(deps: Pick<NoticeDeps, 'db'>, row: BookingRow, which: Which): Promise<boolean> {
  const column = which === 'hour' ? sql`hour_reminder_for` : sql`day_reminder_for`;
  const result = await deps.db.run(sql`
    UPDATE bookings SET ${column} = starts_at${which === 'hour' ? sql`, day_reminder_for = starts_at` : sql``}
    WHERE id = ${row.id} AND status = 'confirmed' AND starts_at = ${row.startsAt} AND sequence = ${row.sequence}
      AND (${column} IS NULL OR ${column} <> starts_at)`);
  return result.meta.changes === 1;
}

/** Sends the reminders due now; answers how many went out (one per session and side). */
export async function sendSessionReminders(deps: NoticeDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const due = await deps.db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gt(bookings.startsAt, now),
        lte(bookings.startsAt, now + DAY),
        sql`(${bookings.dayReminderFor} IS NULL OR ${bookings.dayReminderFor} <> ${bookings.startsAt} OR (${bookings.startsAt} <= ${now + HOUR} AND (${bookings.hourReminderFor} IS NULL OR ${bookings.hourReminderFor} <> ${bookings.startsAt})))`,
      ),
    )
    .orderBy(bookings.startsAt)
    .limit(BATCH);
  let sent = 0;
  for (const row of due) {
    const which = dueReminder(row, now);
    if (!which || !(await claim(deps, row, which))) continue;
    // Booked, confirmed or moved within the day before: the invitation was the reminder.
    if (which === 'day' && Date.parse(row.updatedAt) > row.startsAt - DAY) continue;
    try {
      sent += await remind(deps, row, which);
    } catch (error) {
      console.error(`session ${row.id}: the ${which} reminder failed`, error);
    }
  }
  return sent;
}

/** The reminder to both sides who want one; answers how many were delivered. */
async function remind(deps: NoticeDeps, row: BookingRow, which: Which): Promise<number> {
  const cards = await memberCards(deps, [row.hostId, row.guestId]);
  const [hours] = await deps.db.select({ timeZone: officeHours.timeZone, link: officeHours.meetingLink }).from(officeHours).where(eq(officeHours.userId, row.hostId));
  const sides = [
    { userId: row.hostId, other: cards.get(row.guestId)?.name, timeZone: hours?.timeZone ?? 'UTC' },
    { userId: row.guestId, other: cards.get(row.hostId)?.name, timeZone: row.guestTimeZone },
  ];
  let delivered = 0;
  for (const side of sides) {
    if (!side.other || (await channelFor(deps, side.userId, 'sessions')) === 'off') continue;
    const title = which === 'hour' ? `Your session with ${side.other} starts within the hour` : `Your session with ${side.other} is within a day`;
    const body = `${row.topic}, ${whenFor(row.startsAt, side.timeZone)}.${hours?.link ? ` Join: ${hours.link}` : ''}`;
    const stored = await deliver(deps, {
      userId: side.userId,
      senderId: null,
      kind: 'session.reminder',
      title,
      body,
      link: NOTIFICATION_LINKS.sessions,
      refId: row.id,
      eventId: `session.reminder:${row.id}:${which}:${row.startsAt}`,
      mail: noticeMail(title, body, deps.config.appUrl),
    });
    if (stored) delivered += 1;
  }
  return delivered;
}
