import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, defaultApp, get } from '../../test/api';

const production = { ...env, ENVIRONMENT: 'production' } as Env;

/** Every method and path the app serves, in OpenAPI spelling. */
function servedRoutes(): string[] {
  const routes = defaultApp.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`);
  return [...new Set(routes)].sort();
}

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document with a bearer security scheme', async () => {
    const response = await get('/openapi.json');
    expect(response.status).toBe(200);
    const document = await bodyOf(response);
    expect(document.openapi).toMatch(/^3\.1/);
    expect(document.info).toMatchObject({ title: 'FounderMesh API' });
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it('documents every route the app serves, and nothing else', async () => {
    const document = await bodyOf(await get('/openapi.json'));
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`))
      .sort();
    expect(documented).toEqual(servedRoutes());
    expect(documented).toEqual(
      expect.arrayContaining([
        'post /users/register',
        'post /auth/user-login',
        'post /auth/verify-email',
        'post /auth/resend-verification',
        'post /auth/reset-password',
        'post /auth/change-password',
        'get /auth/me',
        'get /admin/stats',
        'get /health',
        'get /dev/mailbox',
        'post /dev/seed',
        'get /openapi.json',
        'get /docs',
      ]),
    );
  });

  it('gives every operation a summary, a success schema and the error shape', async () => {
    const document = await bodyOf(await get('/openapi.json'));
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method} ${path}`;
        expect(operation.summary, where).toEqual(expect.any(String));
        const success = Object.keys(operation.responses).find((status) => status.startsWith('2'));
        // A WebSocket upgrade (GET /socket.io/) succeeds with 101 and no body.
        if (success === undefined) expect(Object.keys(operation.responses), where).toContain('101');
        else expect(Object.values(operation.responses[success].content)[0], where).toHaveProperty('schema');
        expect(operation.responses['500'].content['application/json'].schema, where).toEqual({ $ref: '#/components/schemas/Error' });
        if (operation.requestBody) {
          // JSON bodies, or the multipart forms that carry files (the profile forms).
          const body = operation.requestBody.content['application/json'] ?? operation.requestBody.content['multipart/form-data'];
          expect(body?.schema, where).toBeDefined();
          expect(operation.responses['400'].content['application/json'].schema, where).toEqual({ $ref: '#/components/schemas/ValidationError' });
        }
      }
    }
  });

  it('names every operation, says who may call it and documents its error answers', async () => {
    const document = await bodyOf(await get('/openapi.json'));
    const operationIds: string[] = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method} ${path}`;
        // camelCase, a verb then a noun: `listFeedPosts`, `signIn`.
        expect(operation.operationId, where).toMatch(/^[a-z]+[A-Z][A-Za-z0-9]*$/);
        operationIds.push(operation.operationId);
        expect(operation.summary, where).toEqual(expect.any(String));
        expect(Array.isArray(operation.security), `${where}: security`).toBe(true);
        const errors = Object.entries(operation.responses as Record<string, any>).filter(([status]) => /^[45]/.test(status));
        expect(errors.length, `${where}: error answers`).toBeGreaterThan(0);
        for (const [status, response] of errors) expect(response.content?.['application/json']?.schema, `${where} ${status}`).toBeDefined();
      }
    }
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(document.servers).toEqual([expect.objectContaining({ url: '/api/session' })]);
  });

  it('gives each path position one parameter name, described per operation', async () => {
    const document = await bodyOf(await get('/openapi.json'));
    const paths = Object.keys(document.paths);
    const shapes = paths.map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(new Set(shapes).size).toBe(paths.length);
    const connection = document.paths['/connection/{idOrStatus}'];
    expect(Object.keys(connection).sort()).toEqual(['delete', 'get', 'put']);
    expect(connection.get.parameters[0].description).toMatch(/status/);
    expect(connection.put.parameters[0].description).toMatch(/connection's id/);
    expect(Object.keys(document.paths['/feed-post/{idOrSlug}']).sort()).toEqual(['get', 'put']);
  });

  it('describes the request bodies and the user with their fields', async () => {
    const document = await bodyOf(await get('/openapi.json'));
    const { schemas } = document.components;
    expect(schemas.RegisterBody.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'password', 'memberType', 'agreement']));
    // The digest is an opt-in (issue 28, finding 10).
    expect(schemas.RegisterBody.required).not.toContain('subscription');
    expect(schemas.User.properties).toHaveProperty('profile');
    expect(schemas.ResetPasswordBody.oneOf ?? schemas.ResetPasswordBody.anyOf).toHaveLength(2);
    expect(document.paths['/auth/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/auth/me'].get.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'profileQuery', in: 'query' })]));
  });

  it('leaves the development routes out outside development', async () => {
    const document = await bodyOf(await get('/openapi.json', { env: production }));
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/dev'))).toEqual([]);
    expect(document.paths).toHaveProperty(['/auth/user-login']);
  });
});

describe('GET /docs', () => {
  it('is the renderer page: the document beside it, the bundle from this origin, no inline script', async () => {
    const response = await get('/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('data-url="openapi.json"');
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes, body]) => [attributes.trim(), body])).toEqual([['src="/vendor/scalar-api-reference.js"', '']]);
    expect(html).not.toMatch(/https?:\/\//);
  });
});
