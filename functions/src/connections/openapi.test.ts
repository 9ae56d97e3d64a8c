import { describe, expect, it } from 'vitest';
import { bodyOf, get } from '../../test/api';

const ROUTES = [
  'post /connection/connect',
  'put /connection/accepted/{id}',
  'put /connection/ignored/{id}',
  'put /connection/{idOrStatus}',
  'delete /connection/{idOrStatus}',
  'get /connection/status',
  'get /connection/{idOrStatus}',
  'get /connection/count',
  'get /connection/you-might-like',
  'get /founder/connection-status/{id}',
  'post /connection/block/{userId}',
  'delete /connection/block/{userId}',
  'get /connection/blocks',
  'post /reports',
  'get /admin/reports',
  'get /admin/moderation',
  'post /admin/moderation/items/{targetType}/{targetId}/dismiss',
  'post /admin/moderation/members/{id}/suspend',
];

describe('the OpenAPI document', () => {
  it('documents every connection, block and report route behind the bearer session', async () => {
    const document = await bodyOf(await get('/openapi.json'));
    for (const route of ROUTES) {
      const [method, path] = route.split(' ') as [string, string];
      const operation = document.paths[path]?.[method];
      expect(operation, route).toBeDefined();
      expect(operation.security, route).toEqual([{ bearerAuth: [] }]);
      expect(operation.responses['401'], route).toBeDefined();
    }
  });

  it('names the wire shapes of the contract', async () => {
    const { schemas } = (await bodyOf(await get('/openapi.json'))).components;
    expect(Object.keys(schemas.MemberCard.properties).sort()).toEqual(['_id', 'avatar', 'banner', 'memberType', 'name', 'premium', 'profileId', 'slug', 'tagline', 'verified']);
    expect(Object.keys(schemas.Connection.properties).sort()).toEqual(['_id', 'createdAt', 'direction', 'member', 'note', 'status', 'updatedAt']);
    expect(Object.keys(schemas.ConnectionPage.properties).sort()).toEqual(['data', 'limit', 'page', 'pages', 'total']);
    expect(Object.keys(schemas.ConnectionCounts.properties).sort()).toEqual(['accepted', 'blocked', 'received', 'sent']);
    expect(Object.keys(schemas.ConnectionRelation.properties).sort()).toEqual(['actions', 'connectionId', 'member', 'state']);
    expect(schemas.ConnectBody.required).toEqual(['receiverId']);
  });
});
