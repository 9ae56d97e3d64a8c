import { describe, expect, it } from 'vitest';
import { bodyOf, call } from '../../test/api';
import { UNKNOWN_ID } from '../../test/connections';

const ROUTES: [string, string, unknown?][] = [
  ['POST', '/connection/connect', { receiverId: UNKNOWN_ID }],
  ['PUT', `/connection/accepted/${UNKNOWN_ID}`],
  ['PUT', `/connection/ignored/${UNKNOWN_ID}`],
  ['PUT', `/connection/${UNKNOWN_ID}`],
  ['DELETE', `/connection/${UNKNOWN_ID}`],
  ['GET', '/connection/status?_type=received'],
  ['GET', '/connection/accepted'],
  ['GET', '/connection/count'],
  ['GET', '/connection/you-might-like'],
  ['GET', `/founder/connection-status/${UNKNOWN_ID}`],
  ['POST', `/connection/block/${UNKNOWN_ID}`],
  ['DELETE', `/connection/block/${UNKNOWN_ID}`],
  ['GET', '/connection/blocks'],
  ['POST', '/reports', { targetType: 'member', targetId: UNKNOWN_ID, reason: 'spam' }],
  ['GET', '/admin/reports'],
  ['POST', `/admin/moderation/items/member/${UNKNOWN_ID}/dismiss`, { note: 'x' }],
];

describe('signed-out callers', () => {
  it.each(ROUTES)('get a 401 from %s %s', async (method, path, body) => {
    const response = await call(method, path, body);
    expect(response.status).toBe(401);
    expect(await bodyOf(response)).toEqual({ message: 'Authentication required.', status: 401, data: null });
  });

  it('get a 401 with a token that is not valid', async () => {
    const response = await call('GET', '/connection/count', undefined, { token: 'not-a-jwt' });
    expect(response.status).toBe(401);
    expect((await bodyOf(response)).message).toBe('Your session has expired. Please sign in again.');
  });
});
