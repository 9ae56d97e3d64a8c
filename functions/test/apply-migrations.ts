import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, vi } from 'vitest';
import { resetDatabase } from './reset-database';

// API test files share one runner and its storage (vitest.config.ts: `isolate: false`), so each
// file starts from the migrated database: what earlier files wrote is wiped here.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await resetDatabase(env.DB);
// …and leaves no spy or fake clock behind for the next file in the runner.
afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});
