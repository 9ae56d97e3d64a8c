// Measures stripping a video's metadata (read whole, remuxed without its tags) inside
// workerd, for MP4 and WebM at 10 MB and at the post video limit (50 MB). Workers freeze
// their clocks while computing, so the time is taken from outside: the median of /strip
// requests minus the median of no-op requests, on loopback.
import { runningWorker } from './lib/worker.mjs';
import { median, recordBenchmark } from './lib/report.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4593);
const SIZES_MB = [10, 50];

async function time(url, rounds = ROUNDS) {
  const samples = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    const response = await fetch(url);
    const body = await response.text();
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body}`);
    samples.push(performance.now() - start);
  }
  return median(samples);
}

await runningWorker({ config: 'bench/workers/video-strip.toml', port: PORT }, async (base) => {
  const figures = {};
  const noop = await time(`${base}/noop`, 25);
  for (const type of ['mp4', 'webm']) {
    for (const mb of SIZES_MB) {
      const made = await (await fetch(`${base}/make?type=${type}&mb=${mb}`)).json();
      await time(`${base}/strip?type=${type}&mb=${mb}`, 1); // warm up
      const ms = Number(((await time(`${base}/strip?type=${type}&mb=${mb}`)) - noop).toFixed(1));
      figures[`${type}${mb}MbMs`] = ms;
      console.log(`${type} ${mb} MB (${made.frames} video frames + audio): strip ${ms} ms (median of ${ROUNDS})`);
    }
  }
  recordBenchmark('video-strip', { ...figures, rounds: ROUNDS });
});
