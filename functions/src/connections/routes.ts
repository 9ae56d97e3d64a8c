/**
 * The connection routes of docs/product.md#connections, mounted at /connection: requests and their
 * answers here, the lists and counts in list-routes.ts, blocks in block-routes.ts, and
 * GET /founder/connection-status/{id} (mounted at /founder). Handlers only translate
 * HTTP to the domain functions.
 */
import { z } from '@hono/zod-openapi';
import { MEMBERS, routesFor } from '../session/guards';
import { RATE_LIMITS } from '../rate-limit/policies';
import { newRouter } from '../http/context';
import { JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { blockRoutes } from './block-routes';
import { listRoutes } from './list-routes';
import { CONNECTION_MESSAGES as M } from './messages';
import { connectionsDoc, stateErrors } from './openapi';
import { relationWith } from './relation';
import { ConnectBodySchema, ConnectionChangeSchema, RelationSchema } from './schemas';
import { IdParamSchema, IdSchema } from '../members/schemas';
import { acceptRequest, connect, endConnection } from './service';

const route = routesFor(MEMBERS);

/**
 * PUT and DELETE /{idOrStatus} take a connection id where GET /{idOrStatus} takes a status:
 * one name for the position, so the document has one path (the URLs are the product's, docs/product.md#connections).
 */
const ConnectionAtListPositionSchema = z.object({
  idOrStatus: IdSchema.openapi({ param: { name: 'idOrStatus', in: 'path' }, description: "The connection's id." }),
});

const notFound = { 404: `${M.requestNotFound} (also for rows of other members)` };

const changeRoutes = newRouter()
  .openapi(
    route({
      method: 'post',
      path: '/connect',
      ...connectionsDoc,
      summary: 'Send a connection request',
      description:
        'Asks a member to connect, with an optional note. If they already asked you (pending, or ignored by you), this accepts their request instead (`state: connected`).',
      request: jsonBody(ConnectBodySchema),
      responses: {
        201: jsonResponse(ConnectionChangeSchema, 'Request sent (`pending_sent`), or their request accepted (`connected`).'),
        ...stateErrors([...JSON_BODY_ERRORS, 401, 404, 409, 429], {
          400: 'Invalid input, or a request to yourself (field `receiverId`).',
          404: `${M.memberNotFound} (also when the member blocked you)`,
          409: `${M.alreadySent} / ${M.alreadyConnected} / ${M.unblockFirst}`,
          429: `Too many connection requests: ${RATE_LIMITS.connectRequestsByMember.limit} an hour, and ${RATE_LIMITS.connectRequestsToMember.limit} a day to the same member (withdrawn ones count). \`Retry-After\` says when to try again.`,
        }),
      },
    }),
    async (c) => c.json(await connect(c.get('deps'), c.get('account').user.id, c.req.valid('json')), 201),
  )
  .openapi(
    route({
      method: 'put',
      path: '/accepted/{id}',
      ...connectionsDoc,
      summary: 'Accept a request you received',
      description: 'Only the receiver; pending requests, or ones you ignored earlier. The requester is notified.',
      request: { params: IdParamSchema },
      responses: {
        200: jsonResponse(ConnectionChangeSchema, 'Connected.'),
        ...stateErrors([400, 401, 404, 409], { ...notFound, 409: M.alreadyAnswered }),
      },
    }),
    async (c) => c.json(await acceptRequest(c.get('deps'), c.get('account').user.id, c.req.valid('param').id), 200),
  )
  .openapi(
    route({
      method: 'put',
      path: '/ignored/{id}',
      ...connectionsDoc,
      summary: 'Ignore a request you received',
      description: 'Only the receiver; pending requests. The sender is not told: to them the request keeps looking pending.',
      request: { params: IdParamSchema },
      responses: {
        200: jsonResponse(ConnectionChangeSchema, 'Ignored (`state: none`).'),
        ...stateErrors([400, 401, 404, 409], { ...notFound, 409: M.alreadyAnswered }),
      },
    }),
    async (c) => c.json(await endConnection(c.get('deps'), c.get('account').user.id, c.req.valid('param').id, 'ignore'), 200),
  )
  .openapi(
    route({
      method: 'put',
      path: '/{idOrStatus}',
      ...connectionsDoc,
      summary: 'Withdraw a request you sent',
      description: 'Only the sender; the request becomes `withdrawn` and the receiver is not told.',
      request: { params: ConnectionAtListPositionSchema },
      responses: {
        200: jsonResponse(ConnectionChangeSchema, 'Withdrawn (`state: none`).'),
        ...stateErrors([400, 401, 404, 409], { ...notFound, 409: M.noLongerPending }),
      },
    }),
    async (c) => c.json(await endConnection(c.get('deps'), c.get('account').user.id, c.req.valid('param').idOrStatus, 'withdraw'), 200),
  )
  .openapi(
    route({
      method: 'delete',
      path: '/{idOrStatus}',
      ...connectionsDoc,
      summary: 'Remove a connection',
      description: 'Either member; the connection becomes `removed` and either can ask again later.',
      request: { params: ConnectionAtListPositionSchema },
      responses: {
        200: jsonResponse(ConnectionChangeSchema, 'Removed (`state: none`).'),
        ...stateErrors([400, 401, 404, 409], { ...notFound, 409: M.notConnected }),
      },
    }),
    async (c) => c.json(await endConnection(c.get('deps'), c.get('account').user.id, c.req.valid('param').idOrStatus, 'remove'), 200),
  );

/**
 * Mounted at /connection. The fixed paths (/status, /count, /blocks, …) are registered
 * before GET /{status}, so they are matched first.
 */
export const connectionRoutes = newRouter().route('/', changeRoutes).route('/', blockRoutes).route('/', listRoutes);

/** Mounted at /founder: the relation between the viewer and a member. */
export const founderConnectionRoutes = newRouter().openapi(
  route({
    method: 'get',
    path: '/connection-status/{id}',
    ...connectionsDoc,
    summary: 'Your relation with a member',
    description:
      'The id may be a user id, a founder profile id or an advisor id. The answer says the state, the request or connection you may act on, and the actions open to you.',
    request: { params: IdParamSchema },
    responses: {
      200: jsonResponse(RelationSchema, 'The relation.'),
      ...stateErrors([400, 401, 404], { 404: `${M.memberNotFound} (also when the member blocked you)` }),
    },
  }),
  async (c) => c.json(await relationWith(c.get('deps'), c.get('account').user.id, c.req.valid('param').id), 200),
);
