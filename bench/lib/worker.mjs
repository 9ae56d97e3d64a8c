// Runs a worker with wrangler in local mode for the duration of a benchmark.
import { runBin, runBinBackground, waitFor } from '../../scripts/lib/run.mjs';

/** `wrangler dev` on `port` (inspector on port + 20,000) for `configs`, state in `stateDir`. */
function wranglerDev({ configs, port, stateDir, envFile }) {
  return runBinBackground('wrangler', [
    'dev',
    ...configs.flatMap((config) => ['-c', config]),
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(port + 20_000),
    '--persist-to',
    stateDir,
    ...(envFile ? ['--env-file', envFile] : []),
    '--show-interactive-dev-session=false',
  ]);
}

/** Builds both workers with astro build, unless BENCH_SKIP_BUILD is set. */
export function buildApp() {
  if (process.env.BENCH_SKIP_BUILD) return;
  console.log('• building the app and API workers');
  runBin('astro', ['build'], { quiet: true });
}

/** Starts both built workers as npm start serves them (the caller waits for them and stops the child). */
export function serveApp({ port, stateDir, envFile }) {
  return wranglerDev({ configs: ['dist/server/wrangler.json', 'dist/foundermesh_api/wrangler.json'], port, stateDir, envFile });
}

/**
 * The API worker as the app's build makes it: its sources import files the way Vite reads them
 * (fonts `?inline`, WebAssembly `?module`, for the share cards), which wrangler's own bundler
 * cannot, so a bench of the API alone serves the built worker (built first unless
 * BENCH_SKIP_BUILD is set).
 */
function builtConfig(config) {
  if (config !== 'functions/wrangler.toml') return config;
  buildApp();
  return 'dist/foundermesh_api/wrangler.json';
}

/**
 * Starts `wrangler dev -c config` on `port` (state in `stateDir`, variables from `envFile`
 * when given), waits until `readyPath` answers, calls `body(baseUrl)`, then stops it.
 */
export async function runningWorker({ config, port, stateDir = '.wrangler/bench-state', envFile, readyPath = '/' }, body) {
  const child = wranglerDev({ configs: [builtConfig(config)], port, stateDir, envFile });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}${readyPath}`, 60_000);
    return await body(base);
  } finally {
    child.kill('SIGTERM');
  }
}
