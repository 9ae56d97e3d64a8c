/**
 * Every admin route of the OpenAPI document (each path under /admin, so a route added later
 * is walked too) as a visitor, a member and an administrator: signed out is 401, a member is
 * 403, an administrator is let through (whatever the route then answers of its own). The
 * path parameters name nothing that exists, so the walk changes no real record.
 */
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, signedInMember } from '../../test/api';

type Operation = { method: string; path: string; url: string; hasBody: boolean };

const document = await bodyOf<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>(await get('/openapi.json'));

/** A value for a path parameter that matches its pattern but no record: an id, else a key. */
const placeholder = (name: string) => (/id$/i.test(name) ? 'f'.repeat(24) : 'no-such-thing');

const operations: Operation[] = Object.entries(document.paths)
  .filter(([path]) => path === '/admin' || path.startsWith('/admin/'))
  .flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      url: path.replace(/\{(\w+)\}/g, (_, name: string) => placeholder(name)),
      hasBody: operation.requestBody !== undefined,
    })),
  );

const send = (operation: Operation, token?: string) => call(operation.method, operation.url, operation.hasBody ? {} : undefined, token ? { token } : {});

describe('every admin API route', () => {
  it('is found in the OpenAPI document (the walk is not empty)', () => {
    const names = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(names).toEqual(
      expect.arrayContaining(['GET /admin/stats', 'GET /admin/members', 'GET /admin/audit', 'POST /admin/feed-groups', 'PATCH /admin/members/{userId}/premium']),
    );
  });

  it('answers 401 signed out, 403 to a member and lets an administrator through', async () => {
    const member = await signedInMember();
    const admin = await signedInMember({ userRole: 'admin' });
    const wrong: string[] = [];
    for (const operation of operations) {
      const name = `${operation.method} ${operation.path}`;
      const [visitor, asMember, asAdmin] = [await send(operation), await send(operation, member.jwt), await send(operation, admin.jwt)];
      if (visitor.status !== 401) wrong.push(`${name} signed out: ${visitor.status}`);
      if (asMember.status !== 403) wrong.push(`${name} as a member: ${asMember.status}`);
      if ([401, 403].includes(asAdmin.status) || asAdmin.status >= 500) wrong.push(`${name} as an admin: ${asAdmin.status} ${await asAdmin.text()}`);
    }
    expect(wrong).toEqual([]);
  });

  it('offers no way to change or delete an audit entry', () => {
    const auditWrites = Object.entries(document.paths)
      .filter(([path]) => path.includes('audit'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => method !== 'get')
          .map((method) => `${method} ${path}`),
      );
    expect(auditWrites).toEqual([]);
  });
});
