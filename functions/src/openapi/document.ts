/**
 * The OpenAPI 3.1 document, generated from the route schemas registered on the app.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Config } from '../config';
import { OPERATION_IDS } from './operation-ids';

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
    description:
      "The `jwt` answered by login, verify-email, reset-password or change-password (valid 7 days). In a browser on the app's origin the session cookie stands for it: the session proxy sends this header.",
  });
}

/**
 * Where the API is reached: through the app's session proxy, on the origin that serves this
 * document (src/pages/api/session/[...path].ts), so the address is relative.
 */
const SERVERS = [{ url: '/api/session', description: "The app's origin, through its session proxy." }];

type PathItem = Record<string, { operationId?: string } | unknown>;

/** Each operation's operationId: its route's own, else the one of operation-ids.ts. */
function withOperationIds(paths: Record<string, PathItem>): Record<string, PathItem> {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          const declared = (operation as { operationId?: string }).operationId;
          const operationId = declared ?? OPERATION_IDS[`${method} ${path}`];
          return [method, operationId ? { ...(operation as object), operationId } : operation];
        }),
      ),
    ]),
  );
}

/** The document as served: development-only paths are left out elsewhere, like the routes. */
export function openApiDocument(app: OpenAPIHono<any>, config: Config): OpenApiDocument {
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'FounderMesh API', version: '1.0.0', description: DESCRIPTION },
    servers: SERVERS,
  });
  const paths = Object.entries(withOperationIds((document.paths ?? {}) as Record<string, PathItem>)).filter(([path]) => config.isDevelopment || !path.startsWith('/dev/'));
  return { ...document, paths: Object.fromEntries(paths) } as OpenApiDocument;
}
