// Runs a worker with wrangler in local mode for the duration of a benchmark.
import { runBinBackground, waitFor } from '../../scripts/lib/run.mjs';

/** Starts `wrangler dev -c config` on `port`, calls `body(baseUrl)`, then stops it. */
export async function runningWorker({ config, port }, body) {
  const child = runBinBackground('wrangler', [
    'dev', '-c', config, '--ip', '127.0.0.1', '--port', String(port),
    '--inspector-port', String(port + 20_000), '--persist-to', '.wrangler/bench-state',
    '--show-interactive-dev-session=false',
  ]);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/`, 60_000);
    return await body(base);
  } finally {
    child.kill('SIGTERM');
  }
}
