// @ts-check
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: cloudflare({
    configPath: './wrangler.toml',
    auxiliaryWorkers: [{ configPath: './functions/wrangler.toml' }],
    inspectorPort: false,
  }),
  integrations: [react()],
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  devToolbar: { enabled: false },
  telemetry: false,
});
