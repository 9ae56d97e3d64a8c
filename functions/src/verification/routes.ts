/**
 * Member verification, mounted at /verification: the member's own state, a code mailed to a
 * work address and its confirmation, and removing the work verification. The administrator's
 * withdrawal is adminRoutes below, mounted at /admin. Handlers only translate HTTP.
 */
import { limitPerMember } from '../http/rate-limit-guards';
import { newRouter } from '../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { RATE_LIMITS } from '../rate-limit/policies';
import { ADMINS, MEMBERS, routesFor } from '../session/guards';
import { SESSION_MESSAGES } from '../session/messages';
import { VERIFICATION_MESSAGES as M } from '../shared/verification-messages';
import { UserIdParamSchema, VerificationStatusSchema, WithdrawBodySchema, WithdrawnSchema, WorkCodeBodySchema, WorkCodeSentSchema, WorkEmailBodySchema } from './schemas';
import { verificationStatus } from './status';
import { confirmWorkCode, removeWorkVerification, requestWorkCode, WORK_CODE_MINUTES, WRONG_GUESSES_PER_CODE } from './work-codes';
import { withdrawBadge } from './withdraw';

const route = routesFor(MEMBERS);
const tags = ['Verification'];
const mails = `At most ${RATE_LIMITS.workCodeMailsByMember.limit} codes an hour. \`Retry-After\` says when to try again.`;
const guesses = `At most ${RATE_LIMITS.workCodeGuessesByMember.limit} tries an hour. \`Retry-After\` says when to try again.`;

export const verificationRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/',
      tags,
      summary: 'Your verification',
      description: 'Your badge, how each way stands (LinkedIn, work address) and a code waiting to be typed.',
      responses: { 200: jsonResponse(VerificationStatusSchema, 'Your verification.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await verificationStatus(c.get('deps'), c.get('account').user.id), 200),
  )
  .openapi(
    route({
      method: 'post',
      path: '/work',
      tags,
      summary: 'Mail a code to your work address',
      description: `Mails a 6-digit code to the address, valid ${WORK_CODE_MINUTES} minutes (a new one replaces the earlier). Free mail domains (gmail.com, outlook.com, yahoo.com…) are refused: they prove nothing about where you work.`,
      middleware: [limitPerMember('workCodeMailsByMember', 'verification codes')] as const,
      request: jsonBody(WorkEmailBodySchema),
      responses: {
        202: jsonResponse(WorkCodeSentSchema, 'The code was mailed.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 409, 429], { 400: `email: ${M.freeMail}`, 409: M.withdrawnWork, 429: mails }, [400]),
      },
    }),
    async (c) => c.json(await requestWorkCode(c.get('deps'), c.get('account'), c.req.valid('json').email), 202),
  )
  .openapi(
    route({
      method: 'post',
      path: '/work/confirm',
      tags,
      summary: 'Confirm your work address with its code',
      description: `The right code verifies the address: your badge then shows its domain. A code takes ${WRONG_GUESSES_PER_CODE} wrong tries, then ask for a new one.`,
      middleware: [limitPerMember('workCodeGuessesByMember', 'tries')] as const,
      request: jsonBody(WorkCodeBodySchema),
      responses: {
        200: jsonResponse(VerificationStatusSchema, 'Your verification now.'),
        ...errorResponses(
          [...JSON_BODY_ERRORS, 401, 404, 429],
          { 400: `A wrong code (\`data.left\`: the tries left) / ${M.codeExpired} / ${M.tooManyGuesses}`, 404: M.noPendingCode, 429: guesses },
          [400],
        ),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      await confirmWorkCode(deps, c.get('account'), c.req.valid('json').code);
      return c.json(await verificationStatus(deps, c.get('account').user.id), 200);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/work',
      tags,
      summary: 'Remove your work verification',
      description: 'Takes the work address off your badge and drops a code waiting. A badge an administrator withdrew stays withdrawn.',
      responses: { 200: jsonResponse(VerificationStatusSchema, 'Your verification now.'), ...errorResponses([401]) },
    }),
    async (c) => {
      const deps = c.get('deps');
      await removeWorkVerification(deps, c.get('account').user.id);
      return c.json(await verificationStatus(deps, c.get('account').user.id), 200);
    },
  );

const adminRoute = routesFor(ADMINS);

export const adminVerificationRoutes = newRouter().openapi(
  adminRoute({
    method: 'post',
    path: '/members/{userId}/verification/withdraw',
    tags: ['Admin'],
    summary: "Withdraw a member's verified badge",
    description:
      'Withdraws one way of the badge (LinkedIn or work address). It stays withdrawn: linking LinkedIn again or proving the address again does not bring it back. Audited (`verification.withdraw`); the member gets a `verification.withdrawn` notification.',
    request: { params: UserIdParamSchema, ...jsonBody(WithdrawBodySchema) },
    responses: {
      200: jsonResponse(WithdrawnSchema, 'The badge withdrawn.'),
      ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 404], { 403: SESSION_MESSAGES.adminOnly, 404: `${M.memberNotFound} / ${M.notVerified}` }),
    },
  }),
  async (c) => {
    const { method, note } = c.req.valid('json');
    return c.json(await withdrawBadge(c.get('deps'), c.get('account').user, c.req.valid('param').userId, method, note ?? null), 200);
  },
);
