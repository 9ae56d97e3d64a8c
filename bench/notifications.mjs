// The notification reads on the local stack (issue 18's partition): GET /notifications (the
// bell's page of 20) and GET /notifications/unseen-count (the badge), each SAMPLES times in a
// row as the demo member, through the app's session proxy as a browser calls them. Medians
// and p95 in ms, for comparing the D1 table with the per-member object
// (functions/src/notifications/notifications-object.ts). No budget of its own: it reports.
//
//   npm run bench:notifications        (run it in a clone: it builds into dist/ like npm start)
//
// State in .wrangler/bench-notifications (wiped first), with the demo data, whose demo member
// has the seeded notifications (functions/src/dev/seed-notifications.ts).
// Records bench/results.json under 'notifications'.
import { median, percentile, recordBenchmark } from './lib/report.mjs';
import { signIn } from './lib/session-member.mjs';
import { signalStack, startStack } from './lib/stack.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4671);
const SAMPLES = Number(process.env.SAMPLES ?? 300);
const WARMUP = 30;
const round = (ms) => Number(ms.toFixed(2));

console.log('• starting the stack (scripts/start.mjs --fresh: build, migrate, demo data)');
const stack = await startStack({ port: PORT, stateDir: '.wrangler/bench-notifications', fresh: true });
process.on('exit', () => {
  try {
    process.kill(-stack.group, 'SIGKILL');
  } catch {
    // already stopped
  }
});

const demo = await signIn(stack.base, 'demo@foundermesh.dev', 'demo-password-2026', '10.71.0.1');

/** Times SAMPLES sequential calls of `apiPath` (after WARMUP); fails on any answer but 200. */
async function timed(apiPath) {
  const samples = [];
  let last = null;
  for (let i = 0; i < SAMPLES + WARMUP; i += 1) {
    const start = performance.now();
    const response = await demo.call('GET', apiPath);
    last = await response.json();
    const ms = performance.now() - start;
    if (response.status !== 200) throw new Error(`${apiPath} answered ${response.status}: ${JSON.stringify(last)}`);
    if (i >= WARMUP) samples.push(ms);
  }
  return { samples: samples.length, medianMs: round(median(samples)), p95Ms: round(percentile(samples, 95)), last };
}

try {
  const list = await timed('notifications?limit=20&page=1');
  const count = await timed('notifications/unseen-count');
  const figures = {
    list: { samples: list.samples, medianMs: list.medianMs, p95Ms: list.p95Ms, total: list.last.total, pageSize: list.last.data.length },
    unseenCount: { samples: count.samples, medianMs: count.medianMs, p95Ms: count.p95Ms, count: count.last.count },
  };
  console.log(JSON.stringify(figures, null, 2));
  recordBenchmark('notifications', figures);
} finally {
  await signalStack(stack.group);
}
