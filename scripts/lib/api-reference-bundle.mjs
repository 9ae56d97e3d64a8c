// Serves Scalar's standalone API reference bundle from this origin (the API's /docs page loads
// it; no CDN, so the page works offline and the CSP's script-src 'self' covers it): copied into
// the client build, and answered by the dev server.
import { copyFileSync, createReadStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the page asks for the bundle (functions/src/openapi/docs-page.ts). */
export const API_REFERENCE_BUNDLE_PATH = '/vendor/scalar-api-reference.js';

// The package exports no path to its browser build, so it is read from the installed folder.
const source = path.resolve(import.meta.dirname, '../../node_modules/@scalar/api-reference/dist/browser/standalone.js');

/** The Astro integration. */
export function apiReferenceBundle() {
  let clientDir;
  return {
    name: 'api-reference-bundle',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(API_REFERENCE_BUNDLE_PATH, (_request, response) => {
          response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          createReadStream(source).pipe(response);
        });
      },
      'astro:build:done': () => {
        const target = path.join(clientDir, API_REFERENCE_BUNDLE_PATH);
        mkdirSync(path.dirname(target), { recursive: true });
        copyFileSync(source, target);
      },
    },
  };
}
