/**
 * The live event of office hours: on every change of a session (booked, requested, approved,
 * declined, cancelled, rescheduled, no-show) both sides' open tabs get `session` with the
 * booking as GET /office-hours/sessions shows it (live/events.ts lists every live event).
 */
import type { z } from '@hono/zod-openapi';
import type { BookingSchema } from './schemas';

export type SessionLiveEvents = {
  session: { booking: z.infer<typeof BookingSchema> };
};
