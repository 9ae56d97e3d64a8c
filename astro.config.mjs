// @ts-check
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { clientCodeSplitting, clientModulePreload } from './scripts/lib/client-chunks.mjs';
import { apiReferenceBundle } from './scripts/lib/api-reference-bundle.mjs';

export default defineConfig({
  output: 'server',
  adapter: cloudflare({
    configPath: './wrangler.toml',
    auxiliaryWorkers: [{ configPath: './functions/wrangler.toml' }],
    // npm run dev keeps its data where npm start and the migrations keep it.
    persistState: { path: process.env.STATE_DIR ?? '.wrangler/state' },
    inspectorPort: Number(process.env.INSPECTOR_PORT ?? 24321),
  }),
  integrations: [react(), apiReferenceBundle()],
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  devToolbar: { enabled: false },
  vite: {
    // Never inline a bundled script into a page: the Content-Security-Policy (src/lib/security)
    // allows this origin's files and only a fixed set of inline scripts, by hash.
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
    // The browser bundle in a few shared files (scripts/lib/client-chunks.mjs).
    // The Cloudflare adapter prefixes every file with a `process` stand-in for the workers; the
    // browser's code reads no `process`, and the prefix cost each of the feed's files 40 bytes.
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: clientCodeSplitting(), banner: '' } } } } },
    // Lazily loaded parts do not preload the files every page already has (scripts/lib/client-chunks.mjs).
    plugins: [clientModulePreload()],
  },
});
