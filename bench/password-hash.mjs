// Measures one password hash (scrypt with the product's parameters) inside workerd.
// Workers freeze their clocks while computing, so the time is taken from outside:
// the median of /hash requests minus the median of no-op requests, on loopback.
import { runningWorker } from './lib/worker.mjs';
import { median, recordBenchmark } from './lib/report.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 25);
const PORT = Number(process.env.BENCH_PORT ?? 4591);

async function time(url) {
  const samples = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const start = performance.now();
    await (await fetch(url)).text();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

await runningWorker({ config: 'bench/workers/password-hash.toml', port: PORT }, async (base) => {
  await time(`${base}/verify`); // warm the isolate up
  const noop = await time(`${base}/noop`);
  const hashMs = Number(((await time(`${base}/hash`)) - noop).toFixed(1));
  const verifyMs = Number(((await time(`${base}/verify`)) - noop).toFixed(1));
  console.log(`scrypt N=2^14 r=8 p=5 inside workerd: hash ${hashMs} ms, verify ${verifyMs} ms (median of ${ROUNDS})`);
  recordBenchmark('password-hash', { hashMs, verifyMs, rounds: ROUNDS });
});
