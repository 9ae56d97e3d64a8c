// Weekly shortlist budget (issue 31): the weekly shortlist for 100,000 members fits the cost
// model, with its CPU and D1 rows per week in docs/scale.md.
//
//   npm run bench:shortlist        (MEMBERS, RUNS, ACTIVE_SHARE, BENCH_PORT to change;
//                                   BENCH_REUSE=1 keeps the community a run before loaded)
//
// Method. In a state folder of its own (.wrangler/bench-shortlist, wiped first) it loads the
// bench community of bench/lib/profiles-data.mjs (cities over the world, so zones differ), gives
// ACTIVE_SHARE of the members a session seen today (the rest were last seen 60 days ago, so they
// are never picked), starts the built API worker alone with ENVIRONMENT=development and runs the
// hourly job through POST /dev/shortlists at one busy moment (Monday 08:00 UTC: the hour of the
// members without a known city's zone, and 09:00 in Central Europe): first with `limit=0`, which builds nothing and reads every page (the
// hourly scan alone, and how many are due), then RUNS times as the cron runs it. Each run's wall time on loopback (an upper bound of its CPU:
// workerd and local D1 run in this one process tree) and the D1 queries, rows read and rows
// written of the x-d1-* headers (http/d1-meter.ts) are recorded. A run that built nothing
// The scan is the cost of every hourly run; the runs that built give the cost of one shortlist on top.
// A week is then: 168 hourly scans + one shortlist per member (each member's weekday comes once
// a week; an empty shortlist costs its claim only, counted as a full one here). Figures go to
// bench/results.json.
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { root, runBin } from '../scripts/lib/run.mjs';
import { loadProfilesBench } from './lib/profiles-data.mjs';
import { recordBenchmark } from './lib/report.mjs';
import { runningWorker } from './lib/worker.mjs';

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 3);
const ACTIVE_SHARE = Number(process.env.ACTIVE_SHARE ?? 0.7);
const PORT = Number(process.env.BENCH_PORT ?? 4612);
const STATE_DIR = '.wrangler/bench-shortlist';
const DAY_MS = 86_400_000;
const HOURS_A_WEEK = 168;

const stateDir = path.join(root, STATE_DIR);
const wrangler = (args) => runBin('wrangler', [...args, '--local', '--persist-to', stateDir, '-c', 'functions/wrangler.toml'], { quiet: true, env: { CI: 'true' } });

if (process.env.BENCH_REUSE && existsSync(stateDir)) console.log('• the community loaded before (BENCH_REUSE)');
else {
  const data = await loadProfilesBench(STATE_DIR, { members: MEMBERS });
  console.log(`• loaded ${MEMBERS.toLocaleString('en')} members (${data.loadSeconds} s)`);
}

// Sessions: the active share seen today, the rest 60 days ago (never shortlisted to anyone); no shortlists yet.
const now = Date.now();
const seenToday = new Date(now).toISOString();
const seenLongAgo = new Date(now - 60 * DAY_MS).toISOString();
const expires = new Date(now + 30 * DAY_MS).toISOString();
const file = path.join(stateDir, 'sessions.sql');
writeFileSync(
  file,
  [
    'DELETE FROM shortlist_picks;',
    'DELETE FROM shortlists;',
    `DELETE FROM sessions WHERE user_agent = 'bench-shortlist';`,
    `INSERT INTO sessions (id, user_id, created_at, expires_at, user_agent, last_seen_at)
      SELECT lower(hex(randomblob(12))), id, '${seenToday}', '${expires}', 'bench-shortlist',
        CASE WHEN abs(random()) % 100 < ${Math.round(ACTIVE_SHARE * 100)} THEN '${seenToday}' ELSE '${seenLongAgo}' END
      FROM users;`,
  ].join('\n'),
);
wrangler(['d1', 'execute', 'DB', '--file', file]);
console.log(`• a session per member (${Math.round(ACTIVE_SHARE * 100)}% seen today)`);

/** The next Monday 08:00 UTC after now. */
function nextMondaySeven() {
  const day = new Date(now);
  day.setUTCHours(8, 0, 0, 0);
  while (day.getUTCDay() !== 1 || day.getTime() <= now) day.setTime(day.getTime() + DAY_MS);
  return day;
}

const envFile = path.join(stateDir, 'bench.vars');
writeFileSync(envFile, `ENVIRONMENT=development\nJWT_SECRET=${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
const round = (value, digits = 1) => Number(value.toFixed(digits));
const runs = [];
let loadBefore = 0;
await runningWorker({ config: 'functions/wrangler.toml', port: PORT, stateDir: STATE_DIR, envFile, readyPath: '/health' }, async (base) => {
  loadBefore = loadavg()[0];
  if (loadBefore > availableParallelism()) console.warn(`! load average ${loadBefore.toFixed(2)} on ${availableParallelism()} cores: figures will be high`);
  const monday = nextMondaySeven();
  for (let index = 0; index <= RUNS; index += 1) {
    const at = monday;
    const start = performance.now();
    const limit = index === 0 ? '&limit=0' : '';
    const response = await fetch(`${base}/dev/shortlists?at=${encodeURIComponent(at.toISOString())}${limit}`, { method: 'POST', headers: { 'x-bench-d1': '1' } });
    const ms = performance.now() - start;
    if (response.status !== 200) throw new Error(`job: ${response.status} ${await response.text()}`);
    const body = await response.json();
    const usage = {
      queries: Number(response.headers.get('x-d1-queries')),
      rowsRead: Number(response.headers.get('x-d1-rows-read')),
      rowsWritten: Number(response.headers.get('x-d1-rows-written')),
    };
    runs.push({ at: at.toISOString(), scanOnly: index === 0, ms: round(ms), ...body, ...usage });
    console.log(
      `  run ${index + 1} at ${at.toISOString()}: read ${body.read}, due ${body.due}, built ${body.built} (${body.picks} picks) in ${round(ms)} ms; ${usage.queries} queries, ${usage.rowsRead} rows read, ${usage.rowsWritten} written`,
    );
  }
});

const building = runs.filter((run) => !run.scanOnly && run.built > 0);
const scan = runs.filter((run) => run.scanOnly);
if (building.length === 0) throw new Error('no run built a shortlist: nobody was due');
const mean = (list, key) => list.reduce((sum, run) => sum + run[key], 0) / list.length;
const scanCost = { ms: mean(scan, 'ms'), rowsRead: mean(scan, 'rowsRead'), rowsWritten: mean(scan, 'rowsWritten'), queries: mean(scan, 'queries') };
const perShortlist = Object.fromEntries(
  ['ms', 'rowsRead', 'rowsWritten', 'queries'].map((key) => [
    key,
    building.reduce((sum, run) => sum + Math.max(0, run[key] - scanCost[key]), 0) / building.reduce((sum, run) => sum + run.built, 0),
  ]),
);
const perRunLimit = Math.max(...runs.map((run) => run.built));
const week = {
  cpuSeconds: round((HOURS_A_WEEK * scanCost.ms + MEMBERS * perShortlist.ms) / 1000),
  rowsRead: Math.round(HOURS_A_WEEK * scanCost.rowsRead + MEMBERS * perShortlist.rowsRead),
  rowsWritten: Math.round(HOURS_A_WEEK * scanCost.rowsWritten + MEMBERS * perShortlist.rowsWritten),
  queries: Math.round(HOURS_A_WEEK * scanCost.queries + MEMBERS * perShortlist.queries),
};
console.log(`\nWeekly shortlist among ${MEMBERS.toLocaleString('en')} members:`);
console.log(`  the hourly scan: ${round(scanCost.ms)} ms, ${Math.round(scanCost.rowsRead).toLocaleString('en')} rows read, ${round(scanCost.queries)} queries`);
console.log(
  `  one shortlist on top: ${round(perShortlist.ms, 2)} ms, ${round(perShortlist.rowsRead)} rows read, ${round(perShortlist.rowsWritten, 2)} rows written, ${round(perShortlist.queries, 2)} queries`,
);
console.log(
  `  a week: ${week.cpuSeconds.toLocaleString('en')} CPU-s (upper bound), ${week.rowsRead.toLocaleString('en')} rows read, ${week.rowsWritten.toLocaleString('en')} rows written, ${week.queries.toLocaleString('en')} queries`,
);
recordBenchmark('shortlist', {
  members: MEMBERS,
  activeShare: ACTIVE_SHARE,
  loadAverage: Number(loadBefore.toFixed(2)),
  runs,
  buildLimitPerRun: perRunLimit,
  hourlyScan: Object.fromEntries(Object.entries(scanCost).map(([key, value]) => [key, round(value, 2)])),
  perShortlist: Object.fromEntries(Object.entries(perShortlist).map(([key, value]) => [key, round(value, 2)])),
  week,
});
