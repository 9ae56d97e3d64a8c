/**
 * The viewer's lists, counts and suggestions, under /connection. GET /{status} comes last
 * so the fixed paths before it win.
 */
import { z } from '@hono/zod-openapi';
import { MEMBERS, routesFor } from '../session/guards';
import { newRouter } from '../http/context';
import { jsonResponse } from '../openapi/responses';
import { connectionCounts, listConnections } from './lists';
import { connectionsDoc, stateErrors } from './openapi';
import { ConnectionCountsSchema, ConnectionPageSchema, LIST_STATUSES, StatusListQuerySchema, SuggestionListSchema } from './schemas';
import { PageQuerySchema } from '../members/schemas';
import { suggestMembers } from './suggestions';

const route = routesFor(MEMBERS);

const SuggestionQuerySchema = z.object({ limit: PageQuerySchema.shape.limit });

export const listRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/status',
      ...connectionsDoc,
      summary: 'Your requests or connections, by type',
      description:
        '`received`: requests waiting for you; `sent`: your pending requests (ones the receiver ignored included, shown as pending); `accepted`: your connections. Newest first.',
      request: { query: StatusListQuerySchema },
      responses: { 200: jsonResponse(ConnectionPageSchema, 'One page.'), ...stateErrors([400, 401]) },
    }),
    async (c) => {
      const { _type, ...page } = c.req.valid('query');
      return c.json(await listConnections(c.get('deps'), c.get('account').user.id, _type, page), 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/count',
      ...connectionsDoc,
      summary: 'Counts for the badges',
      responses: { 200: jsonResponse(ConnectionCountsSchema, 'The counts.'), ...stateErrors([401]) },
    }),
    async (c) => c.json(await connectionCounts(c.get('deps'), c.get('account').user.id), 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/you-might-like',
      ...connectionsDoc,
      summary: 'Members you might like to connect with',
      description:
        'Onboarded members you have no connection, request or block with, ranked by shared connections, complementary member type (founders see advisors, advisors founders), a profile picture, and how new they are.',
      request: { query: SuggestionQuerySchema },
      responses: { 200: jsonResponse(SuggestionListSchema, 'Best first.'), ...stateErrors([400, 401]) },
    }),
    async (c) => {
      const { user } = c.get('account');
      const data = await suggestMembers(c.get('deps'), { userId: user.id, memberType: user.memberType }, { limit: c.req.valid('query').limit });
      return c.json({ data }, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/{idOrStatus}',
      ...connectionsDoc,
      summary: 'Your connections or requests in one status',
      description:
        '`accepted`: your connections; `pending`: requests waiting for you and your own pending ones; `ignored`: requests you ignored; `withdrawn`: requests you withdrew. Newest first.',
      request: {
        params: z.object({
          idOrStatus: z
            .enum(LIST_STATUSES)
            .openapi({ param: { name: 'idOrStatus', in: 'path' }, description: 'The status listed (this position holds a connection id in PUT and DELETE).' }),
        }),
        query: PageQuerySchema,
      },
      responses: { 200: jsonResponse(ConnectionPageSchema, 'One page.'), ...stateErrors([400, 401]) },
    }),
    async (c) => c.json(await listConnections(c.get('deps'), c.get('account').user.id, c.req.valid('param').idOrStatus, c.req.valid('query')), 200),
  );
