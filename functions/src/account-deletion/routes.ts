/**
 * Account deletion over HTTP: the member's request at /auth/profile-delete (docs/product.md#account-deletion) and
 * the administrators' list and decision at /admin/profile-delete-request and
 * /admin/profile-delete (issue 16).
 */
import { newRouter } from '../http/context';
import { limitPerMember } from '../http/rate-limit-guards';
import { RATE_LIMITS } from '../rate-limit/policies';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { ADMINS, MEMBERS, routesFor } from '../session/guards';
import { askDeletion, DELETION_MESSAGES, decideDeletion, listDeletionRequests, myDeletionRequest, withdrawDeletion } from './requests';
import {
  AdminDeletionDecisionSchema,
  AdminDeletionPageSchema,
  AdminDeletionQuerySchema,
  AdminDeletionRequestSchema,
  DeletionAskBodySchema,
  DeletionWithdrawBodySchema,
  MyDeletionSchema,
} from './schemas';

const memberRoute = routesFor(MEMBERS);
const adminRoute = routesFor(ADMINS);

const tags = ['Account deletion'];

/** Asking and withdrawing each mail the member: one shared limit. */
const limitDeletionMails = limitPerMember('deletionRequestsByMember', 'deletion requests');
const DELETION_LIMITED = `At most ${RATE_LIMITS.deletionRequestsByMember.limit} deletion requests and withdrawals a day (each mails you). \`Retry-After\` says when to try again.`;

/** Mounted at /auth. */
export const memberDeletionRoutes = newRouter()
  .openapi(
    memberRoute({
      method: 'get',
      path: '/profile-delete',
      tags,
      summary: 'Your deletion request',
      description: 'The latest request and its state, with `dueAt`, the date the deletion will be done unless withdrawn or rejected.',
      responses: { 200: jsonResponse(MyDeletionSchema, 'The latest request, or null.'), ...errorResponses([401]) },
    }),
    async (c) => c.json({ request: await myDeletionRequest(c.get('deps'), c.get('account').user.id) }, 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/profile-delete',
      tags,
      summary: 'Ask for the deletion of your account',
      description:
        'From now on the profile is out of search, suggestions, matching and the sitemap, and its public page is gone for visitors. An administrator approves or rejects it; otherwise it is carried out 30 days later. Mails the member the date.',
      middleware: [limitDeletionMails] as const,
      request: jsonBody(DeletionAskBodySchema),
      responses: {
        201: jsonResponse(MyDeletionSchema, 'The request, pending.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 409, 429], { 409: DELETION_MESSAGES.alreadyPending, 429: DELETION_LIMITED }, [400]),
      },
    }),
    async (c) => c.json({ request: await askDeletion(c.get('deps'), c.get('account'), c.req.valid('json').reason) }, 201),
  )
  .openapi(
    memberRoute({
      method: 'patch',
      path: '/profile-delete',
      tags,
      summary: 'Withdraw your deletion request',
      description: 'Only `{ "status": "withdrawn" }`, only while the request is pending: everything comes back as it was.',
      middleware: [limitDeletionMails] as const,
      request: jsonBody(DeletionWithdrawBodySchema),
      responses: {
        200: jsonResponse(MyDeletionSchema, 'The request, withdrawn.'),
        ...errorResponses(
          [...JSON_BODY_ERRORS, 401, 404, 409, 429],
          { 404: DELETION_MESSAGES.noRequest, 409: 'The request is no longer pending (its state is in data.request).', 429: DELETION_LIMITED },
          [400],
        ),
      },
    }),
    async (c) => c.json({ request: await withdrawDeletion(c.get('deps'), c.get('account')) }, 200),
  );

/** Mounted at /admin. */
export const adminDeletionRoutes = newRouter()
  .openapi(
    adminRoute({
      method: 'get',
      path: '/profile-delete-request',
      tags: ['Admin'],
      summary: 'Account deletion requests',
      description: 'One page of requests in a state (pending by default, oldest first), with the member, reason, age and the date each runs by itself.',
      request: { query: AdminDeletionQuerySchema },
      responses: {
        200: jsonResponse(AdminDeletionPageSchema, 'One page.'),
        ...errorResponses([400, 401, 403], { 403: 'Only administrators can do this.' }),
      },
    }),
    async (c) => c.json(await listDeletionRequests(c.get('deps'), c.req.valid('query')), 200),
  )
  .openapi(
    adminRoute({
      method: 'patch',
      path: '/profile-delete',
      tags: ['Admin'],
      summary: 'Approve or reject a deletion request',
      description:
        'approve: the account is deleted now (sessions, sockets, subscription, files, rows). reject: the request ends and the member reads the note. Written to the audit log in the same batch. Of two administrators acting at once, one wins and the other gets 409.',
      request: jsonBody(AdminDeletionDecisionSchema),
      responses: {
        200: jsonResponse(AdminDeletionRequestSchema, 'The request after the decision (completed, or rejected).'),
        ...errorResponses(
          [...JSON_BODY_ERRORS, 401, 403, 404, 409],
          { 403: 'Only administrators can do this.', 404: DELETION_MESSAGES.requestNotFound, 409: 'Already handled: the message says what happened first; data.request holds it.' },
          [400],
        ),
      },
    }),
    async (c) => c.json(await decideDeletion({ ...c.get('deps'), media: c.env.MEDIA }, c.get('account').user, c.req.valid('json')), 200),
  );
