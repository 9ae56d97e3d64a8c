// Runs a worker with wrangler in local mode for the duration of a benchmark.
import { runBinBackground, waitFor } from '../../scripts/lib/run.mjs';

/**
 * Starts `wrangler dev -c config` on `port` (state in `stateDir`, variables from `envFile`
 * when given), waits until `readyPath` answers, calls `body(baseUrl)`, then stops it.
 */
export async function runningWorker({ config, port, stateDir = '.wrangler/bench-state', envFile, readyPath = '/' }, body) {
  const child = runBinBackground('wrangler', [
    'dev',
    '-c',
    config,
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
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}${readyPath}`, 60_000);
    return await body(base);
  } finally {
    child.kill('SIGTERM');
  }
}
