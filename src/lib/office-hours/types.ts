/**
 * The office-hours wire shapes the app reads: type-only re-exports of the API worker's
 * schemas (nothing of zod reaches the browser).
 */
import type { z } from '@hono/zod-openapi';
import type { BookingInputSchema, BookingListSchema, BookingSchema, OfficeHoursInputSchema, OfficeHoursSchema, SlotsSchema } from '@api/office-hours/schemas';

export type Booking = z.infer<typeof BookingSchema>;
export type BookingList = z.infer<typeof BookingListSchema>;
export type BookingInput = z.input<typeof BookingInputSchema>;
export type OfficeHours = z.infer<typeof OfficeHoursSchema>;
export type OfficeHoursInput = z.infer<typeof OfficeHoursInputSchema>;
export type OpenSlots = z.infer<typeof SlotsSchema>;
export type Slot = OpenSlots['slots'][number];
export type WeeklyStretch = OfficeHoursInput['weeklyHours'][number];
