// `npm start`: build when the sources changed, migrate local D1, load the world cities,
// serve both workers in one local Miniflare (scripts/serve-local.mjs; state in .wrangler/state) and load the
// demo data once.
// `npm run dev` (--dev): the same data with Astro's dev server and live reload.
// `npm run start:social` (--social): the same, with Google, LinkedIn and GitHub played by the
// tests' loopback provider (on PORT + 10000), so their sign-in buttons can be tried locally.
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CITIES_INPUTS, loadLocalCities } from './cities.mjs';
import { ensureDevVars } from './lib/dev-vars.mjs';
import { root, runBin, spawnBin, waitFor } from './lib/run.mjs';
import { fingerprint, isStamped, writeStamp } from './lib/stamp.mjs';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 4321);
const inspectorPort = Number(process.env.INSPECTOR_PORT ?? port + 20_000);
const stateDir = process.env.STATE_DIR ?? '.wrangler/state';
const host = '127.0.0.1';
const appUrl = `http://${host}:${port}`;
const started = Date.now();

const fresh = process.argv.includes('--fresh');
if (fresh) {
  // Test runs start from empty state; the developer's own data is never wiped this way.
  if (path.resolve(root, stateDir) === path.resolve(root, '.wrangler/state')) {
    console.error('--fresh only works with a STATE_DIR of its own, never .wrangler/state');
    process.exit(2);
  }
  rmSync(path.join(root, stateDir), { recursive: true, force: true });
}

const BUILD_INPUTS = ['src', 'functions/src', 'functions/wrangler.toml', 'public', 'astro.config.mjs', 'scripts/lib/client-chunks.mjs', 'wrangler.toml', 'package-lock.json'];

function build() {
  const stampFile = path.join(root, 'dist/.build-stamp');
  const value = fingerprint(BUILD_INPUTS);
  if (isStamped(stampFile, value)) return console.log('• build is up to date');
  console.log('• building the app and API workers');
  runBin('astro', ['build'], { quiet: true });
  writeStamp(stampFile, value);
}

function migrate(stateDir) {
  mkdirSync(path.join(root, stateDir), { recursive: true });
  const stampFile = path.join(root, stateDir, '.migrations-stamp');
  const value = fingerprint(['functions/migrations']);
  if (isStamped(stampFile, value)) return console.log('• local D1 is migrated');
  console.log('• applying D1 migrations');
  runBin('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir, '-c', 'functions/wrangler.toml'], {
    quiet: true,
    env: { CI: 'true' },
  });
  writeStamp(stampFile, value);
}

/** The world cities of GET /cities, once per state folder (again when their data or script changes). */
function loadCities(stateDir) {
  const stampFile = path.join(root, stateDir, '.cities-stamp');
  const value = fingerprint(CITIES_INPUTS);
  if (isStamped(stampFile, value)) return console.log('• world cities are loaded');
  const began = Date.now();
  const { rows } = loadLocalCities(stateDir);
  console.log(`• loaded ${rows.toLocaleString('en')} world cities (${((Date.now() - began) / 1000).toFixed(1)} s)`);
  writeStamp(stampFile, value);
}

function serve(envFile) {
  if (dev) {
    return spawnBin('astro', ['dev', '--host', host, '--port', String(port)], {
      env: { PORT: String(port), STATE_DIR: stateDir, INSPECTOR_PORT: String(inspectorPort) },
    });
  }
  // The API worker also reads the .dev.vars beside its built config (as `wrangler dev` does),
  // so it gets this run's variables there too (the live heartbeat of the tests).
  copyFileSync(envFile, path.join(root, 'dist/foundermesh_api/.dev.vars'));
  // Both workers in one Miniflare, with no proxy in front (scripts/serve-local.mjs says why).
  return spawn(
    process.execPath,
    [
      path.join(root, 'scripts/serve-local.mjs'),
      '--host',
      host,
      '--port',
      String(port),
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      stateDir,
      '--env-file',
      envFile,
    ],
    { cwd: root, stdio: 'inherit' },
  );
}

async function seed() {
  const response = await fetch(`${appUrl}/api/session/dev/seed`, { method: 'POST', headers: { 'content-type': 'application/json', origin: appUrl }, body: '{}' });
  if (!response.ok) throw new Error(`loading the demo data failed: ${response.status} ${await response.text()}`);
  const result = await response.json();
  console.log(result.seeded ? `• demo data loaded (${result.members} members, ${result.posts} posts)` : '• demo data already present');
}

let standIn = null;
if (process.argv.includes('--social')) {
  const { startOAuthStandIn } = await import('./lib/oauth-stand-in.mjs');
  standIn = await startOAuthStandIn(port + 10_000);
  // Handed to the workers for this run (scripts/lib/dev-vars.mjs passes them through).
  for (const provider of ['GOOGLE', 'LINKEDIN', 'GITHUB']) {
    process.env[`${provider}_CLIENT_ID`] = `local-${provider.toLowerCase()}`;
    process.env[`${provider}_CLIENT_SECRET`] = `local-${provider.toLowerCase()}-secret`;
  }
  process.env.GOOGLE_ISSUER = standIn.url;
  process.env.LINKEDIN_ISSUER = standIn.url;
  process.env.GITHUB_OAUTH_URL = standIn.url;
  process.env.GITHUB_API_URL = standIn.url;
}

const envFile = ensureDevVars({ appUrl, stateDir });
/**
 * A migrated database with the cities loaded. A fresh state (the browser tests') is copied from
 * a template folder beside it that is migrated and loaded once, again only when the migrations
 * or the cities change, instead of migrating and loading 48,992 cities on every run.
 */
function prepareState() {
  const target = fresh ? `${stateDir}-template` : stateDir;
  migrate(target);
  loadCities(target);
  if (fresh) cpSync(path.join(root, target), path.join(root, stateDir), { recursive: true });
}

if (!dev) build();
prepareState();
const server = serve(envFile);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code) => {
  await standIn?.close();
  process.exit(code ?? 0);
});

try {
  await waitFor(`${appUrl}/api/session/health`, dev ? 120_000 : 60_000);
  await seed();
  console.log(`\nFounderMesh is running at ${appUrl} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log('  demo member: demo@foundermesh.dev / demo-password-2026');
  console.log('  demo admin:  admin@foundermesh.dev / admin-password-2026');
  console.log(`  dev mailbox: ${appUrl}/dev/mailbox`);
  if (standIn) console.log(`  social sign-in: Google, LinkedIn and GitHub are played by ${standIn.url}`);
  console.log('');
} catch (error) {
  console.error(`\n${error.message}`);
  server.kill('SIGTERM');
  process.exit(1);
}
