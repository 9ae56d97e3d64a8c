// The API's OpenAPI document built from the code, without starting a worker: esbuild bundles
// functions/src/openapi.ts for Node, with the workerd-only `cloudflare:*`
// modules replaced by empty classes and the bundled assets by nothing (only the route registry is read, no handler runs).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './run.mjs';

const workerdStandIn = {
  name: 'workerd-modules',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^cloudflare:/ }, (args) => ({ path: args.path, namespace: 'workerd' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'workerd' }, () => ({
      contents: 'export class DurableObject {}; export class WorkerEntrypoint {}; export class EmailMessage {}; export const env = {};',
      loader: 'js',
    }));
  },
};

// Modules the worker's bundler supplies (compiled WebAssembly, fonts inlined as data: URIs,
// functions/src/share-cards/draw.ts): never used to build the document, so they are left empty.
const bundledAssets = {
  name: 'bundled-assets',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /\?(module|inline)$/ }, (args) => ({ path: args.path, namespace: 'bundled-asset' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'bundled-asset' }, () => ({ contents: 'export default null;', loader: 'js' }));
  },
};

/**
 * The document as served in `environment`: `development` (the default, a superset of
 * production's with the /dev routes, so the lint checks every operation) or `production`.
 */
export async function buildOpenApiDocument(environment = 'development') {
  // Inside node_modules, so the bundle's package imports resolve from the project.
  const cache = path.join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outfile = path.join(mkdtempSync(path.join(cache, 'openapi-document-')), 'document.mjs');
  await build({
    entryPoints: ['functions/src/openapi.ts'],
    absWorkingDir: root,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
    plugins: [workerdStandIn, bundledAssets],
  });
  try {
    const module = await import(pathToFileURL(outfile).href);
    return module.documentFor(environment);
  } finally {
    rmSync(path.dirname(outfile), { recursive: true, force: true });
  }
}
