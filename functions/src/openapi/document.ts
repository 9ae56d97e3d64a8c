/**
 * The OpenAPI 3.1 document, generated from the route schemas registered on the app.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Config } from '../config';

export type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPI31Document']>;

const DESCRIPTION = [
  'The FounderMesh API: accounts and sign-in for founders and advisors.',
  '',
  'Send the session token from login as `Authorization: Bearer <jwt>`. Every error answers',
  '`{ message, status, data }`; validation errors name the fields in `data.fields`.',
].join('\n');

/** Declares the Bearer scheme once, for the routes that list `bearerAuth` in their security. */
export function registerSecurityScheme(app: OpenAPIHono<any>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The `jwt` answered by login, verify-email, reset-password or change-password (valid 7 days).',
  });
}

/** The document as served: development-only paths are left out elsewhere, like the routes. */
export function openApiDocument(app: OpenAPIHono<any>, config: Config): OpenApiDocument {
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'FounderMesh API', version: '1.0.0', description: DESCRIPTION },
  });
  if (config.isDevelopment) return document;
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => !path.startsWith('/dev/')));
  return { ...document, paths };
}
