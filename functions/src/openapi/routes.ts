/**
 * GET /openapi.json and GET /docs, registered on the root app (they read its registry)
 * and documented like every other route.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/context';
import { renderDocsPage } from './docs-page';
import { openApiDocument, registerSecurityScheme } from './document';
import { errorResponses, jsonResponse } from './responses';
import { PUBLIC_SECURITY } from './security';

const OpenApiDocumentSchema = z.looseObject({ openapi: z.string().openapi({ example: '3.1.0' }), info: z.looseObject({}), paths: z.looseObject({}) }).openapi('OpenApiDocument');

/** Adds the reference routes to the root app. */
export function mountReference(app: OpenAPIHono<AppEnv>): void {
  registerSecurityScheme(app);
  app.openapi(
    createRoute({
      method: 'get',
      path: '/openapi.json',
      security: PUBLIC_SECURITY,
      tags: ['Reference'],
      summary: 'This API as an OpenAPI 3.1 document',
      responses: { 200: jsonResponse(OpenApiDocumentSchema, 'The document.'), ...errorResponses([]) },
    }),
    // The generator's types allow `undefined` members that JSON never carries.
    (c) => c.json(openApiDocument(app, c.get('deps').config) as unknown as z.infer<typeof OpenApiDocumentSchema>, 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/docs',
      security: PUBLIC_SECURITY,
      tags: ['Reference'],
      summary: 'This API as a browsable HTML reference',
      responses: {
        200: { description: 'The reference page.', content: { 'text/html': { schema: z.string() } } },
        ...errorResponses([]),
      },
    }),
    (c) => c.html(renderDocsPage(openApiDocument(app, c.get('deps').config))),
  );
}
