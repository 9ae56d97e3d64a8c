/**
 * The office-hours routes, mounted at /office-hours: your own hours and rules, a host's open
 * slots (visitors too), booking, your sessions, the answers to a session, moving it and
 * marking a no-show. Handlers only
 * translate HTTP to the domain functions (service.ts).
 */
import { limitPerMember } from '../http/rate-limit-guards';
import { newRouter } from '../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { RATE_LIMITS } from '../rate-limit/policies';
import { MEMBERS, routesFor, VIEWERS } from '../session/guards';
import { BOOKING_MESSAGES as M } from './messages';
import {
  BookingInputSchema,
  BookingListSchema,
  BookingParam,
  BookingSchema,
  CancelInputSchema,
  HostParam,
  NoShowInputSchema,
  OfficeHoursInputSchema,
  RescheduleInputSchema,
  OfficeHoursSchema,
  SlotsQuerySchema,
  SlotsSchema,
} from './schemas';
import { approveBooking, bookSession, cancelBooking, declineBooking, markNoShow, myBookings, ownOfficeHours, rescheduleBooking, saveOfficeHours, slotsOf } from './service';

const memberRoute = routesFor(MEMBERS);
const viewerRoute = routesFor(VIEWERS);
const tags = ['Office hours'];
const answers = `At most ${RATE_LIMITS.bookingChangesByMember.limit} booking changes an hour. \`Retry-After\` says when to try again.`;

export const officeHoursRoutes = newRouter()
  .openapi(
    memberRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Your office hours',
      description: 'Your weekly hours and rules; the defaults (not published) when you never set them.',
      responses: { 200: jsonResponse(OfficeHoursSchema, 'Your office hours.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await ownOfficeHours(c.get('deps'), c.get('account').user.id), 200),
  )
  .openapi(
    memberRoute({
      method: 'put',
      path: '/',
      tags,
      summary: 'Set your office hours',
      description: 'Saves your weekly hours (wall-clock times in your time zone) and rules whole. Sessions already booked stay.',
      request: jsonBody(OfficeHoursInputSchema),
      responses: { 200: jsonResponse(OfficeHoursSchema, 'Your office hours now.'), ...errorResponses([...JSON_BODY_ERRORS, 401]) },
    }),
    async (c) => c.json(await saveOfficeHours(c.get('deps'), c.get('account').user.id, c.req.valid('json')), 200),
  )
  .openapi(
    memberRoute({
      method: 'get',
      path: '/sessions',
      tags,
      summary: 'Your sessions',
      description: 'Sessions you host or booked: upcoming, requests waiting for your answer as host, and the last 50 past or ended.',
      responses: { 200: jsonResponse(BookingListSchema, 'Your sessions.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await myBookings(c.get('deps'), c.get('account').user.id), 200),
  )
  .openapi(
    viewerRoute({
      method: 'get',
      path: '/{userId}/slots',
      tags,
      summary: 'A host’s open slots',
      description: 'Open slots of a member who published office hours, as instants in UTC; visitors may look, members book.',
      request: { params: HostParam, query: SlotsQuerySchema },
      responses: { 200: jsonResponse(SlotsSchema, 'Open slots.'), ...errorResponses([400, 404], { 404: M.hostNotFound }) },
    }),
    async (c) => c.json(await slotsOf(c.get('deps'), c.get('viewer')?.user.id ?? null, c.req.valid('param').userId, c.req.valid('query')), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/{userId}/sessions',
      tags,
      summary: 'Book a session',
      description:
        'Books one of the host’s open slots. The write decides: two members can never hold one slot. Confirmed at once, or a request the host answers when they approve each. Free and Premium members may hold different numbers of upcoming sessions.',
      middleware: [limitPerMember('bookingChangesByMember', 'booking changes')] as const,
      request: { params: HostParam, ...jsonBody(BookingInputSchema) },
      responses: {
        201: jsonResponse(BookingSchema, 'The session.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 404, 409, 429], {
          404: M.hostNotFound,
          409: `${M.slotGone} / ${M.guestBusy} / your limit of upcoming sessions`,
          429: answers,
        }),
      },
    }),
    async (c) => c.json(await bookSession(c.get('deps'), c.get('account'), c.req.valid('param').userId, c.req.valid('json')), 201),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/sessions/{id}/cancel',
      tags,
      summary: 'Cancel a session',
      description: 'Either side, with a reason, up to `BOOKING_CANCEL_CUTOFF_MINUTES` (default 60) before the start.',
      middleware: [limitPerMember('bookingChangesByMember', 'booking changes')] as const,
      request: { params: BookingParam, ...jsonBody(CancelInputSchema) },
      responses: {
        200: jsonResponse(BookingSchema, 'The session, cancelled.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 404, 409, 429], { 404: M.bookingNotFound, 409: `${M.tooLate} / ${M.alreadyChanged}`, 429: answers }),
      },
    }),
    async (c) => c.json(await cancelBooking(c.get('deps'), c.get('account').user.id, c.req.valid('param').id, c.req.valid('json').reason), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/sessions/{id}/approve',
      tags,
      summary: 'Approve a session request',
      description: 'The host only, while the request waits.',
      middleware: [limitPerMember('bookingChangesByMember', 'booking changes')] as const,
      request: { params: BookingParam },
      responses: {
        200: jsonResponse(BookingSchema, 'The session, confirmed.'),
        ...errorResponses([400, 401, 404, 409, 429], { 404: M.bookingNotFound, 409: `${M.tooLate} / ${M.alreadyChanged}`, 429: answers }),
      },
    }),
    async (c) => c.json(await approveBooking(c.get('deps'), c.get('account').user.id, c.req.valid('param').id), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/sessions/{id}/decline',
      tags,
      summary: 'Decline a session request',
      description: 'The host only, while the request waits.',
      middleware: [limitPerMember('bookingChangesByMember', 'booking changes')] as const,
      request: { params: BookingParam },
      responses: {
        200: jsonResponse(BookingSchema, 'The request, declined.'),
        ...errorResponses([400, 401, 404, 409, 429], { 404: M.bookingNotFound, 409: M.alreadyChanged, 429: answers }),
      },
    }),
    async (c) => c.json(await declineBooking(c.get('deps'), c.get('account').user.id, c.req.valid('param').id), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/sessions/{id}/reschedule',
      tags,
      summary: 'Move a session to another time',
      description:
        'Either side, up to `BOOKING_CANCEL_CUTOFF_MINUTES` (default 60) before the current start, to another open slot of the host (its own time left out). The write decides: two sessions never land on one slot. The other side hears it live and by notification; a confirmed session’s invitation is sent again with the same UID and the next SEQUENCE.',
      middleware: [limitPerMember('bookingChangesByMember', 'booking changes')] as const,
      request: { params: BookingParam, ...jsonBody(RescheduleInputSchema) },
      responses: {
        200: jsonResponse(BookingSchema, 'The session at its new time.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 404, 409, 429], {
          404: `${M.bookingNotFound} / ${M.hostNotFound}`,
          409: `${M.tooLate} / ${M.alreadyChanged} / ${M.slotGone} / ${M.guestBusy}`,
          429: answers,
        }),
      },
    }),
    async (c) => c.json(await rescheduleBooking(c.get('deps'), c.get('account').user.id, c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/sessions/{id}/no-show',
      tags,
      summary: 'Mark a session’s guest absent',
      description: 'The host only, once a confirmed session has started, with an optional note the guest reads.',
      middleware: [limitPerMember('bookingChangesByMember', 'booking changes')] as const,
      request: { params: BookingParam, ...jsonBody(NoShowInputSchema) },
      responses: {
        200: jsonResponse(BookingSchema, 'The session, marked no-show.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 404, 409, 429], { 404: M.bookingNotFound, 409: `${M.notStarted} / ${M.alreadyChanged}`, 429: answers }),
      },
    }),
    async (c) => c.json(await markNoShow(c.get('deps'), c.get('account').user.id, c.req.valid('param').id, c.req.valid('json').reason), 200),
  );
