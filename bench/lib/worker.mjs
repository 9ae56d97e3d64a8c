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
 * Starts `wrangler dev -c config` on `port` (state in `stateDir`, variables from `envFile`
 * when given), waits until `readyPath` answers, calls `body(baseUrl)`, then stops it.
 */
export async function runningWorker({ config, port, stateDir = '.wrangler/bench-state', envFile, readyPath = '/' }, body) {
  const child = wranglerDev({ configs: [config], port, stateDir, envFile });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}${readyPath}`, 60_000);
    return await body(base);
  } finally {
    child.kill('SIGTERM');
  }
}
