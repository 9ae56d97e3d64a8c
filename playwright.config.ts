import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4399);
export const baseURL = `http://127.0.0.1:${port}`;
/** A short heartbeat, so the live-protocol tests watch several pings and a missed pong in seconds. */
export const LIVE_PING_INTERVAL_MS = 1000;
export const LIVE_PING_TIMEOUT_MS = 2000;
/** The loopback OAuth / OpenID Connect provider that plays Google, LinkedIn and GitHub (tests/e2e/oauth-stand-in.global.ts). */
export const OAUTH_STAND_IN_PORT = port + 10_000;
/** `localhost`: another site than the app's 127.0.0.1, so the provider's redirect back is cross-site, as in production. */
export const OAUTH_STAND_IN = `http://localhost:${OAUTH_STAND_IN_PORT}`;

/** Debian's Chromium with the flags this machine needs; Playwright never downloads a browser. */
const chromiumArgs = ['--headless', ...CHROMIUM_FLAGS];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // No retries: a test that fails once fails the run. The two faults a retry used to hide are
  // found: the "dropped POST" was wrangler dev's proxy hop (the stack now serves through
  // Miniflare, scripts/serve-local.mjs), and the feed-group test clicked a confirm button
  // before it hydrated (support.ts `hydrated`).
  retries: 0,
  timeout: 60_000,
  // Screenshot baselines (tests/e2e/visual.spec.ts) live beside the tests and are committed; a
  // picture may differ from its baseline in at most 0.5% of its pixels (anti-aliasing), never more.
  // Regenerate them with the one-liner in docs/testing.md.
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixelRatio: 0.005 } },
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // The app's service worker (public/sw.js) takes the page's requests once it controls the
    // page, and requests it makes bypass page.route: a test that simulates a refusal would then
    // race the worker's install. Tests run without it; push.spec.ts allows it and tests it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs },
  },
  globalSetup: './tests/e2e/oauth-stand-in.global.ts',
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'] },
  ],
  webServer: {
    // A fresh local stack of its own (state in .wrangler/e2e-state), built and seeded like npm start.
    command: 'node scripts/start.mjs --fresh',
    url: `${baseURL}/api/session/health`,
    env: {
      PORT: String(port),
      STATE_DIR: '.wrangler/e2e-state',
      INSPECTOR_PORT: String(port + 20_000),
      // The providers are switched on so the tests can watch the ports work; their
      // outside addresses are answered by the tests themselves (page.route), never reached.
      ANALYTICS_PROVIDER: 'plausible',
      PLAUSIBLE_DOMAIN: 'foundermesh.test',
      PLAUSIBLE_ENDPOINT: 'https://analytics.foundermesh.test/api/event',
      CHAT_PROVIDER: 'crisp',
      CHAT_WEBSITE_ID: 'e2e-website',
      LIVE_PING_INTERVAL_MS: String(LIVE_PING_INTERVAL_MS),
      LIVE_PING_TIMEOUT_MS: String(LIVE_PING_TIMEOUT_MS),
      // Social sign-in against the loopback stand-in (functions/test/oauth-stand-in.ts).
      GOOGLE_CLIENT_ID: 'e2e-google',
      GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      GOOGLE_ISSUER: OAUTH_STAND_IN,
      LINKEDIN_CLIENT_ID: 'e2e-linkedin',
      LINKEDIN_CLIENT_SECRET: 'e2e-linkedin-secret',
      LINKEDIN_ISSUER: OAUTH_STAND_IN,
      GITHUB_CLIENT_ID: 'e2e-github',
      GITHUB_CLIENT_SECRET: 'e2e-github-secret',
      GITHUB_OAUTH_URL: OAUTH_STAND_IN,
      GITHUB_API_URL: OAUTH_STAND_IN,
      // push.spec.ts subscribes with a loopback endpoint where nothing listens: only this setting lets the API accept it.
      PUSH_ALLOW_LOOPBACK_FOR_TESTS: 'true',
    },
    reuseExistingServer: false,
    // A build from scratch on a busy two-core machine takes minutes.
    timeout: 600_000,
    stdout: 'ignore',
  },
});
