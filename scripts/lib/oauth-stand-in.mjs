// The loopback OAuth / OpenID Connect provider of the tests (functions/test/oauth-stand-in.ts)
// for `npm run start:social`: bundled with esbuild, so it runs on every Node the README names
// (Node 20 can't import TypeScript), its packages loaded from node_modules.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './run.mjs';

/** Starts the provider on `port` of localhost; answers its address and a way to stop it. */
export async function startOAuthStandIn(port) {
  const outfile = path.join(root, 'node_modules/.cache/foundermesh/oauth-stand-in.mjs');
  mkdirSync(path.dirname(outfile), { recursive: true });
  await build({
    entryPoints: [path.join(root, 'functions/test/oauth-stand-in.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'error',
  });
  const standIn = await import(pathToFileURL(outfile).href);
  return standIn.startOAuthStandIn(port, { host: 'localhost' });
}
