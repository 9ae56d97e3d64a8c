import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';

const migrations = await readD1Migrations(path.join(import.meta.dirname, 'functions/migrations'));

export default defineConfig({
  test: {
    // The one log line of each API request (functions/src/http/request-log.ts) is for operators;
    // printed for every request of every test it buries the report. Its own test reads it.
    onConsoleLog: (log) => !log.startsWith('{"event":"request"'),
    projects: [
      {
        // Pure app-side modules (text rules, stores, session helpers) in Node.
        resolve: { alias: { '@api': path.join(import.meta.dirname, 'functions/src') } },
        // The API's architecture test reads the source tree from disk, so it runs here too, not in workerd;
        // so do the tests of functions/src/shared, plain code that the browser loads too.
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'functions/src/architecture.test.ts', 'functions/src/shared/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The API worker inside workerd against real local D1, R2 and Durable Objects.
        // Mediabunny's one-file ESM build: its modules' browser field maps a Node-only file to `false`, which the test runner turns into an import of `node:`.
        resolve: { alias: { mediabunny: path.join(import.meta.dirname, 'node_modules/mediabunny/dist/bundles/mediabunny.mjs') } },
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './functions/wrangler.toml' },
            miniflare: {
              bindings: {
                ENVIRONMENT: 'development',
                JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
                APP_URL: 'http://127.0.0.1:4321',
                // A VAPID key made for the tests only (web push, functions/src/push), and short push retries.
                VAPID_PRIVATE_KEY:
                  '{"kty":"EC","x":"meGMk418CYHdLwW_ZCDb9WJ1l-WmNbV9nI7GTZQf3Rs","y":"YRF69al-GNOw0VXZ75BHzf-Q1mxAzaS2l_AIfBv6KN8","crv":"P-256","d":"lqU6RNTTA20n80vMNpU3Obxmk-IonH-zCUSLidQAPVI"}',
                PUSH_RETRY_BASE_MS: '100',
                // The push service stand-in listens on plain-http loopback: only this setting lets push accept and send to it.
                PUSH_ALLOW_LOOPBACK_FOR_TESTS: 'true',
                TEST_MIGRATIONS: migrations,
              },
            },
          }),
        ],
        test: {
          name: 'api',
          isolate: false,
          include: ['functions/src/**/*.test.ts'],
          exclude: ['functions/src/architecture.test.ts', 'functions/src/shared/**/*.test.ts'],
          setupFiles: ['./functions/test/apply-migrations.ts'],
          // A loopback stand-in for Stripe's API, for the production billing adapter (functions/test/stripe-stand-in.ts).
          // …and a loopback OAuth 2.0 / OpenID Connect provider for social sign-in (functions/test/oauth-stand-in.ts).
          // …and a loopback push service that keeps what it receives, for web push (functions/test/push-stand-in.ts).
          // …and a loopback Sentry that keeps the envelopes of the error tracker (functions/test/sentry-stand-in.ts).
          globalSetup: [
            './functions/test/stripe-stand-in-setup.ts',
            './functions/test/oauth-stand-in-setup.ts',
            './functions/test/push-stand-in-setup.ts',
            './functions/test/sentry-stand-in-setup.ts',
          ],
        },
      },
    ],
  },
});
