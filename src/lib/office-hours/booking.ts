/**
 * Booking a host's session from the browser: their open slots of one length (GET
 * /office-hours/{userId}/slots), and the booking itself (POST …/sessions). A slot taken in
 * the meantime (409) is told apart, so the dialog reads the slots again.
 */
import { api as sessionApi, data, type ApiClient } from '../api/client';
import { fieldErrorsOf, toAppError } from '../errors';
import type { Booking, BookingInput, OpenSlots } from './types';

type Api = Pick<ApiClient, 'office-hours'>;

/** Days of slots the dialog shows. */
export const BOOKING_DAYS = 21;

/** The host's open slots of `length` minutes (their first length when not given). */
export function loadSlots(hostId: string, length: number | undefined, api: Api = sessionApi): Promise<OpenSlots> {
  const query: { days: string; length?: string } = { days: String(BOOKING_DAYS) };
  if (length !== undefined) query.length = String(length);
  return data(api['office-hours'][':userId'].slots.$get({ param: { userId: hostId }, query }));
}

export type BookOutcome =
  | { booked: true; booking: Booking }
  | { booked: false; message: string; errors: Record<string, string> /** The slot went meanwhile: show the slots again. */; slotGone: boolean };

/** Books one of the host's slots. */
export async function bookSlot(hostId: string, input: BookingInput, api: Api = sessionApi): Promise<BookOutcome> {
  try {
    return { booked: true, booking: await data(api['office-hours'][':userId'].sessions.$post({ param: { userId: hostId }, json: input })) };
  } catch (cause) {
    const error = toAppError(cause);
    const errors = fieldErrorsOf(error);
    return { booked: false, message: error.message, errors, slotGone: error.status === 409 && 'start' in errors };
  }
}
