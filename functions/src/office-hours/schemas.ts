/**
 * The wire shapes of office hours: a host's rules as they set them, the open slots a guest
 * sees, a booking as either side sees it, and the inputs the routes accept.
 */
import { z } from '@hono/zod-openapi';
import { IdSchema, MemberCardSchema } from '../members/schemas';
import { OFFICE_HOURS_LIMITS as L, SESSION_LENGTHS } from './limits';

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
};

export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, 'must be a time zone such as Europe/Berlin')
  .openapi({ description: 'An IANA time zone, e.g. `Europe/Berlin`.', example: 'Europe/Berlin' });

const Clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time HH:MM');

const WeeklyHoursSchema = z
  .object({
    weekday: z.number().int().min(1).max(7).openapi({ description: '1 is Monday, 7 is Sunday.' }),
    start: Clock.openapi({ description: 'Wall-clock start in your time zone, `HH:MM`.', example: '09:00' }),
    end: Clock.openapi({ description: 'Wall-clock end, `HH:MM` (`24:00` for midnight), after the start.', example: '12:00' }),
  })
  .refine((hours) => hours.end > hours.start, { message: 'must end after it starts', path: ['end'] });

const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

const MeetingLinkSchema = z
  .string()
  .trim()
  .max(L.meetingLink, `must be at most ${L.meetingLink} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && !url.username && !url.password && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'must be an https:// address')
  .openapi({ description: 'Where sessions happen: an `https://` address (a video call room).', example: 'https://meet.example/room' });

export const OfficeHoursInputSchema = z
  .object({
    timeZone: TimeZoneSchema,
    weeklyHours: z.array(WeeklyHoursSchema).max(L.stretches, `must have at most ${L.stretches} stretches`),
    sessionLengths: z
      .array(
        z
          .number()
          .int()
          .refine((value) => (SESSION_LENGTHS as readonly number[]).includes(value), `must be one of ${SESSION_LENGTHS.join(', ')} minutes`),
      )
      .min(1, 'must offer at least one length')
      .max(SESSION_LENGTHS.length)
      .openapi({ description: `Minutes, from ${SESSION_LENGTHS.join(', ')}.` }),
    bufferBefore: z.number().int().min(0).max(L.buffer, `must be 0–${L.buffer} minutes`),
    bufferAfter: z.number().int().min(0).max(L.buffer, `must be 0–${L.buffer} minutes`),
    minimumNotice: z
      .number()
      .int()
      .min(0)
      .max(L.minimumNotice, `must be at most ${L.minimumNotice} minutes`)
      .openapi({ description: 'Minutes between booking and the start, at least.' }),
    weeklyCap: z.number().int().min(1).max(L.weeklyCap, `must be 1–${L.weeklyCap}`).nullable().openapi({ description: 'Sessions a week at most; null for no cap.' }),
    daysOff: z.array(DateSchema).max(L.daysOff, `must have at most ${L.daysOff} dates`),
    topics: z.array(z.string().trim().min(1).max(L.topic, `must be at most ${L.topic} characters each`)).max(L.topics, `must have at most ${L.topics} topics`),
    meetingLink: MeetingLinkSchema.nullable(),
    videoRoom: z.boolean().default(false).openapi({
      description:
        'Sessions happen in a video room FounderMesh makes for you (a Jitsi Meet room with an unguessable name), kept until you choose your own link again; `meetingLink` is then ignored.',
    }),
    needsApproval: z.boolean().openapi({ description: 'Whether you approve each request (else sessions are confirmed at once).' }),
    published: z.boolean().openapi({ description: 'Whether your profile offers your office hours.' }),
  })
  .openapi('OfficeHoursInput');

export const OfficeHoursSchema = OfficeHoursInputSchema.extend({
  meetingLink: z.string().nullable().openapi({ description: 'Where sessions happen: your own `https://` link, or your generated video room.' }),
  videoRoom: z.boolean(),
  suggestedTimeZone: TimeZoneSchema.nullable().openapi({
    description: 'The time zone of the city on your profile (null without one): what `timeZone` starts from before you save, and what the screens offer first.',
  }),
  updatedAt: z.string().nullable(),
}).openapi('OfficeHours');

export const SlotsQuerySchema = z.object({
  length: z.coerce
    .number()
    .int()
    .refine((value) => (SESSION_LENGTHS as readonly number[]).includes(value), 'must be one of the host’s session lengths')
    .optional()
    .openapi({ description: 'Session length in minutes; the host’s first by default.' }),
  from: z.string().datetime({ offset: true }).optional().openapi({ description: 'The earliest start (ISO 8601); now by default.' }),
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(L.slotDays, `must be 1–${L.slotDays}`)
    .optional()
    .openapi({ description: `Days ahead, 1–${L.slotDays} (14 by default).` }),
});

export const SlotsSchema = z
  .object({
    host: MemberCardSchema,
    timeZone: z.string().openapi({ description: 'The host’s time zone (slots are instants; show them in the viewer’s).' }),
    length: z.number().int(),
    sessionLengths: z.array(z.number().int()),
    topics: z.array(z.string()),
    needsApproval: z.boolean(),
    yourTimeZone: TimeZoneSchema.nullable().openapi({
      description: 'The time zone of the city on your profile, to show the slots in first; null for visitors and members without a city.',
    }),
    slots: z.array(z.object({ start: z.string(), end: z.string() })).openapi({ description: 'Open slots, ISO 8601 in UTC, in time order.' }),
  })
  .openapi('OpenSlots');

export const BookingInputSchema = z
  .object({
    start: z.string().datetime({ offset: true }).openapi({ description: 'One of the open slots’ `start`.' }),
    length: z.number().int().openapi({ description: 'Minutes: one of the host’s session lengths.' }),
    topic: z.string().trim().min(1, 'must not be empty').max(L.topic, `must be at most ${L.topic} characters`),
    agenda: z.string().trim().max(L.agenda, `must be at most ${L.agenda} characters`).default(''),
    timeZone: TimeZoneSchema.openapi({ description: 'Your time zone, for your invitation.' }),
  })
  .openapi('BookingInput');

export const BookingSchema = z
  .object({
    _id: z.string(),
    host: MemberCardSchema,
    guest: MemberCardSchema,
    start: z.string(),
    end: z.string(),
    status: z.enum(['requested', 'confirmed', 'declined', 'cancelled', 'no_show']),
    topic: z.string(),
    agenda: z.string(),
    meetingLink: z.string().nullable().openapi({ description: 'Shown to both sides once the session is confirmed.' }),
    cancelReason: z.string().nullable(),
    timeZones: z
      .object({ host: z.string(), guest: z.string() })
      .openapi({ description: 'The host’s time zone now and the one the guest booked from, so each side can show the other’s clock.' }),
    rescheduleReason: z.string().nullable().openapi({ description: 'Why the session last moved (null: never moved, or no reason given).' }),
    rescheduledFrom: z.string().nullable().openapi({ description: 'Its start before it last moved (ISO 8601), or null.' }),
    noShowReason: z.string().nullable().openapi({ description: 'The host’s note when marking the guest absent.' }),
    createdAt: z.string(),
  })
  .openapi('Booking');

export const BookingListSchema = z
  .object({
    upcoming: z.array(BookingSchema),
    toApprove: z.array(BookingSchema).openapi({ description: 'Requests to you as host, waiting for your answer.' }),
    past: z.array(BookingSchema),
  })
  .openapi('BookingList');

export const CancelInputSchema = z
  .object({ reason: z.string().trim().min(1, 'must not be empty').max(L.reason, `must be at most ${L.reason} characters`) })
  .openapi('CancelBooking');

export const RescheduleInputSchema = z
  .object({
    start: z.string().datetime({ offset: true }).openapi({ description: 'One of the host’s open slots’ `start` (GET /office-hours/{userId}/slots).' }),
    length: z.number().int().optional().openapi({ description: 'Minutes, one of the host’s session lengths; the session’s own length when absent.' }),
    reason: z.string().trim().max(L.reason, `must be at most ${L.reason} characters`).default('').openapi({ description: 'Why it moves: the other side reads it.' }),
  })
  .openapi('RescheduleBooking');

export const NoShowInputSchema = z
  .object({ reason: z.string().trim().max(L.reason, `must be at most ${L.reason} characters`).default('').openapi({ description: 'A note for the guest (optional).' }) })
  .openapi('NoShowBooking');

export const HostParam = z.object({ userId: IdSchema.openapi({ param: { name: 'userId', in: 'path' }, description: 'The host’s user id.' }) });
export const BookingParam = z.object({ id: IdSchema.openapi({ param: { name: 'id', in: 'path' }, description: 'The booking id.' }) });
