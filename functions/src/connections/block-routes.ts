/**
 * Blocking, under /connection: block, unblock, and the list of members you blocked.
 */
import { MEMBERS, routesFor } from '../session/guards';
import { newRouter } from '../http/context';
import { jsonResponse } from '../openapi/responses';
import { blockMember, listBlocks, unblockMember } from './blocking';
import { CONNECTION_MESSAGES as M } from './messages';
import { connectionsDoc, stateErrors } from './openapi';
import { BlockedMemberPageSchema, BlockResultSchema } from './schemas';
import { PageQuerySchema, UserIdParamSchema } from '../members/schemas';

const route = routesFor(MEMBERS);

export const blockRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/blocks',
      ...connectionsDoc,
      summary: 'Members you blocked',
      request: { query: PageQuerySchema },
      responses: { 200: jsonResponse(BlockedMemberPageSchema, 'Newest block first.'), ...stateErrors([400, 401]) },
    }),
    async (c) => c.json(await listBlocks(c.get('deps'), c.get('account').user.id, c.req.valid('query')), 200),
  )
  .openapi(
    route({
      method: 'post',
      path: '/block/{userId}',
      ...connectionsDoc,
      summary: 'Block a member',
      description:
        'Ends any connection (`removed`) or request (`withdrawn`) between you. From then on neither of you can ask the other, and they cannot find you. Blocking again changes nothing.',
      request: { params: UserIdParamSchema },
      responses: {
        200: jsonResponse(BlockResultSchema, 'Blocked.'),
        ...stateErrors([400, 401, 404], { 400: 'A bad id, or yourself (field `userId`).', 404: M.memberNotFound }),
      },
    }),
    async (c) => c.json(await blockMember(c.get('deps'), c.get('account').user.id, c.req.valid('param').userId), 200),
  )
  .openapi(
    route({
      method: 'delete',
      path: '/block/{userId}',
      ...connectionsDoc,
      summary: 'Unblock a member',
      description: 'Lifts your block; no block of yours changes nothing.',
      request: { params: UserIdParamSchema },
      responses: {
        200: jsonResponse(BlockResultSchema, 'Not blocked (any more).'),
        ...stateErrors([400, 401, 404], { 400: 'A bad id, or yourself (field `userId`).', 404: M.memberNotFound }),
      },
    }),
    async (c) => c.json(await unblockMember(c.get('deps'), c.get('account').user.id, c.req.valid('param').userId), 200),
  );
