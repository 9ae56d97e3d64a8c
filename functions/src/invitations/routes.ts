/**
 * The invitation routes, mounted at /invitations: send one, list yours, and the public
 * read of an invitation link (the invited person is no member yet). Handlers only translate
 * HTTP to the domain functions (service.ts).
 */
import { createRoute } from '@hono/zod-openapi';
import { limitPerMember } from '../http/rate-limit-guards';
import { newRouter } from '../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { PUBLIC_SECURITY } from '../openapi/security';
import { RATE_LIMITS } from '../rate-limit/policies';
import { MEMBERS, routesFor } from '../session/guards';
import { INVITATION_MESSAGES as M } from './messages';
import { InvitationInputSchema, InvitationLandingSchema, InvitationListSchema, InvitationSchema, InvitationTokenParam } from './schemas';
import { invitationLanding, listInvitations, sendInvitation } from './service';

const memberRoute = routesFor(MEMBERS);
const tags = ['Invitations'];

export const invitationRoutes = newRouter()
  .openapi(
    memberRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Your invitations',
      description: 'The invitations you sent, newest first (at most 100), each `sent`, `joined` (with who joined) or `expired`, and your weekly allowance.',
      responses: { 200: jsonResponse(InvitationListSchema, 'Your invitations.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await listInvitations(c.get('deps'), c.get('account').user.id), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Invite someone by email',
      description:
        'Mails an invitation link (valid `INVITATION_DAYS`, default 14) to an address that is not a member’s. At most `INVITATIONS_PER_WEEK` (default 10) in any seven days; one open invitation per address.',
      middleware: [limitPerMember('invitationsByMember', 'invitation attempts')] as const,
      request: jsonBody(InvitationInputSchema),
      responses: {
        201: jsonResponse(InvitationSchema, 'The invitation, mailed.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 409, 429], {
          409: `${M.alreadyMember} / ${M.alreadyInvited}`,
          429: `Past the weekly allowance, or more than ${RATE_LIMITS.invitationsByMember.limit} attempts an hour. \`Retry-After\` says when to try again.`,
        }),
      },
    }),
    async (c) => c.json(await sendInvitation(c.get('deps'), c.get('account').user.id, c.req.valid('json').email), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{token}',
      security: PUBLIC_SECURITY,
      tags,
      summary: 'An invitation link',
      description: 'What the invited person’s page shows: the address invited and who invited (null once they deleted their account).',
      request: { params: InvitationTokenParam },
      responses: { 200: jsonResponse(InvitationLandingSchema, 'The invitation.'), ...errorResponses([400, 404], { 404: `${M.notFound} / ${M.used} / ${M.expired}` }) },
    }),
    async (c) => c.json(await invitationLanding(c.get('deps'), c.req.valid('param').token), 200),
  );
