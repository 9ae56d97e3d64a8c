/**
 * The message request routes, mounted at /message-requests: the allowance, sending, the
 * Requests folder and the answers. Handlers only translate HTTP to the domain functions.
 */
import { z } from '@hono/zod-openapi';
import { IdSchema, PageQuerySchema } from '../members/schemas';
import { MEMBERS, routesFor } from '../session/guards';
import { newRouter } from '../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { ThreadSchema } from '../inbox/schemas';
import { REQUEST_MESSAGES as M } from '../shared/message-request-messages';
import { DeclinedRequestSchema, MessageRequestPageSchema, RequestAllowanceSchema, RequestSettingSchema, SendRequestBodySchema, SentRequestSchema } from './schemas';
import { acceptRequest, allowanceOf, declineRequest, receivedRequests, requestSettingOf, sendRequest, setRequestSetting } from './service';

const route = routesFor(MEMBERS);

const doc = { tags: ['Message requests'] };
const RequestParam = z.object({ id: IdSchema.openapi({ param: { name: 'id', in: 'path' }, description: 'The request id.' }) });

export const messageRequestRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/allowance',
      ...doc,
      summary: 'Your message requests this month',
      description:
        'Premium members may send a number of requests per calendar month (UTC; `MESSAGE_REQUEST_ALLOWANCE`, default 15). A request the member accepts gives its unit back. Free members have none.',
      responses: { 200: jsonResponse(RequestAllowanceSchema, 'The allowance.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await allowanceOf(c.get('deps'), c.get('account')), 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/settings',
      ...doc,
      summary: 'Whether you accept message requests',
      description: 'A privacy choice, on by default (the privacy settings page shows it).',
      responses: { 200: jsonResponse(RequestSettingSchema, 'The choice.'), ...errorResponses([401]) },
    }),
    (c) => c.json(requestSettingOf(c.get('account').user), 200),
  )
  .openapi(
    route({
      method: 'patch',
      path: '/settings',
      ...doc,
      summary: 'Turn message requests to you on or off',
      description: 'Off: nobody can send you a request (403 for them). Requests already in your folder stay.',
      request: jsonBody(RequestSettingSchema),
      responses: { 200: jsonResponse(RequestSettingSchema, 'The choice now.'), ...errorResponses([...JSON_BODY_ERRORS, 401]) },
    }),
    async (c) => c.json(await setRequestSetting(c.get('deps'), c.get('account').user.id, c.req.valid('json').accepting), 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/',
      ...doc,
      summary: 'Your Requests folder',
      description: 'Pending message requests to you, newest first. Requests from members blocked either way are left out.',
      request: { query: PageQuerySchema },
      responses: { 200: jsonResponse(MessageRequestPageSchema, 'A page of requests.'), ...errorResponses([400, 401]) },
    }),
    async (c) => c.json(await receivedRequests(c.get('deps'), c.get('account').user.id, c.req.valid('query')), 200),
  )
  .openapi(
    route({
      method: 'post',
      path: '/',
      ...doc,
      summary: 'Write to a member you are not connected with (Premium)',
      description:
        'Sends a message request; the member finds it in their Requests folder and gets the live `notification` (kind `message.requested`). One request per pair of members. Counts against your monthly allowance until the member accepts it.',
      request: jsonBody(SendRequestBodySchema),
      responses: {
        201: jsonResponse(SentRequestSchema, 'The request and your allowance now.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
          400: 'Invalid input, named in `data.fields`: `to` (not an id, or yourself), `body` (empty or over 2000 characters).',
          403: `${M.premiumOnly} / ${M.turnedOff}`,
          404: `${M.memberNotFound} (also when a block stands between you)`,
          409: `Your allowance is used up (the message says when it renews; \`data.renewsAt\`), you are connected, or a request between you exists: ${M.alreadySent} / ${M.theySent} / ${M.alreadyAccepted} / ${M.declined}`,
        }),
      },
    }),
    async (c) => c.json(await sendRequest(c.get('deps'), c.get('account'), c.req.valid('json')), 201),
  )
  .openapi(
    route({
      method: 'post',
      path: '/{id}/accept',
      ...doc,
      summary: 'Accept a message request',
      description:
        'Only its recipient. The request becomes the first new message of your conversation, and the two of you may write to each other from then on. The sender gets their unit back and a `message.request_accepted` notification.',
      request: { params: RequestParam },
      responses: {
        200: jsonResponse(ThreadSchema, 'The conversation as you see it (open it with `/inbox?personalInbox=<_id>`).'),
        ...errorResponses([400, 401, 404, 409], { 404: `${M.requestNotFound} (also for requests to others)`, 409: M.answered }),
      },
    }),
    async (c) => c.json(await acceptRequest(c.get('deps'), c.get('account').user.id, c.req.valid('param').id), 200),
  )
  .openapi(
    route({
      method: 'post',
      path: '/{id}/decline',
      ...doc,
      summary: 'Decline a message request',
      description:
        'Only its recipient. The sender is not told; no other request between you can be sent. To block or report the sender too, use `POST /connection/block/{userId}` and `POST /reports`.',
      request: { params: RequestParam },
      responses: {
        200: jsonResponse(DeclinedRequestSchema, 'Declined.'),
        ...errorResponses([400, 401, 404, 409], { 404: `${M.requestNotFound} (also for requests to others)`, 409: M.answered }),
      },
    }),
    async (c) => c.json(await declineRequest(c.get('deps'), c.get('account').user.id, c.req.valid('param').id), 200),
  );
