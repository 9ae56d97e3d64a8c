/**
 * The OpenAPI document straight from the app's route registry, with no request: read by the
 * lint and client-generation checks (scripts/lib/openapi-document.mjs), which run in Node.
 */
import { createApp } from './app';
import { readConfig } from './config';
import { openApiDocument, type OpenApiDocument } from './openapi/document';

/** The document as the API serves it in that environment (development adds the /dev routes). */
export function documentFor(environment: 'development' | 'production'): OpenApiDocument {
  return openApiDocument(createApp(), readConfig({ ENVIRONMENT: environment }));
}
