// Public directory budget (issue 33): for a visitor, the server render of a directory page
// (/founders, /advisors, with or without filters, any page) takes a median of at most 20 ms
// in the local stack with 100,000 members.
//
//   node bench/directory.mjs        (through npm's Node 24: npx node bench/directory.mjs)
//
// In a state folder of its own (.wrangler/bench-directory, wiped first) it loads the bench
// community of bench/lib/profiles-data.mjs at 100,000 onboarded members (5% of them opted
// out of search engines) and the world cities, builds the app (astro build, as npm start
// does), serves both workers with `wrangler dev`, warms up, then times ROUNDS sequential
// page requests on loopback, cycling through directory addresses: both types, no filter,
// one to four filters, deep pages. The visitor home and a topic page are timed beside it
// (no budget). Records the median and p95 in bench/results.json; exits 1 over budget.
import { availableParallelism, loadavg } from 'node:os';
import { ensureDevVars } from '../scripts/lib/dev-vars.mjs';
import { waitFor } from '../scripts/lib/run.mjs';
import { loadLocalCities } from '../scripts/cities.mjs';
import { loadProfilesBench } from './lib/profiles-data.mjs';
import { buildApp, serveApp } from './lib/worker.mjs';
import { median, percentile, recordBenchmark } from './lib/report.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 4597);
const BUDGET_MEDIAN_MS = 20;
const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const STATE_DIR = '.wrangler/bench-directory';

const data = await loadProfilesBench(STATE_DIR, { members: MEMBERS });
console.log(`• loaded ${MEMBERS.toLocaleString('en')} members, ${data.counts.profile_tags.toLocaleString('en')} search tags (${data.loadSeconds} s)`);
const { rows: cityRows } = loadLocalCities(STATE_DIR);
console.log(`• loaded ${cityRows.toLocaleString('en')} world cities`);
const base = `http://127.0.0.1:${PORT}`;
const envFile = ensureDevVars({ appUrl: base, stateDir: STATE_DIR });
buildApp();

const [lagos, berlin] = data.cities;
/** Directory addresses a crawler or a visitor follows: every filter a plain link. */
const DIRECTORY = [
  '/founders',
  '/advisors',
  `/founders?city=${lagos.id}`,
  '/founders?industry=fintech',
  `/founders?city=${berlin.id}&industry=climate`,
  '/founders?skill=engineering&stage=prototype',
  `/founders?city=${lagos.id}&industry=fintech&skill=engineering&stage=launched`,
  '/advisors?expertise=fundraising',
  `/advisors?city=${berlin.id}&expertise=go-to-market&industry=fintech`,
  '/founders?page=20',
  '/advisors?industry=healthtech&page=3',
];
const OTHERS = { 'visitor home (no budget)': ['/'], 'floor: GET /robots.txt (no API call)': ['/robots.txt'] };

/** Times `rounds` sequential GETs, cycling through `paths`; a directory answer must list members. */
async function timed(paths, rounds) {
  const samples = [];
  for (let i = 0; i < rounds; i += 1) {
    const url = `${base}${paths[i % paths.length]}`;
    const start = performance.now();
    const response = await fetch(url, { headers: { accept: 'text/html' }, redirect: 'manual' });
    const body = await response.text();
    samples.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
    if (paths === DIRECTORY && !body.includes('"@type":"ItemList"')) throw new Error(`${url} listed nobody: ${body.slice(0, 200)}`);
  }
  return samples;
}

const server = serveApp({ port: PORT, stateDir: STATE_DIR, envFile });
const round = (ms) => Number(ms.toFixed(2));
const figure = (samples) => ({ requests: samples.length, medianMs: round(median(samples)), p95Ms: round(percentile(samples, 95)) });
let loadBefore = 0;
let results;
try {
  await waitFor(`${base}/api/session/health`, 120_000);
  await timed(DIRECTORY, WARMUP);
  await timed(OTHERS['visitor home (no budget)'], 5);
  loadBefore = loadavg()[0];
  if (loadBefore > availableParallelism()) console.warn(`! load average ${loadBefore.toFixed(2)} on ${availableParallelism()} cores: figures will be high`);
  results = { 'visitor: directory page': { ...figure(await timed(DIRECTORY, ROUNDS)), budgeted: true } };
  for (const [name, paths] of Object.entries(OTHERS)) results[name] = { ...figure(await timed(paths, ROUNDS)), budgeted: false };
} finally {
  server.kill('SIGTERM');
}

console.log(`\nDirectory pages among ${MEMBERS.toLocaleString('en')} members (${DIRECTORY.length} addresses in turn), sequential requests on loopback:`);
console.table(Object.fromEntries(Object.entries(results).map(([name, f]) => [name, { 'median ms': f.medianMs, 'p95 ms': f.p95Ms }])));
recordBenchmark('directory', { members: MEMBERS, addresses: DIRECTORY.length, budgetMedianMs: BUDGET_MEDIAN_MS, loadAverage: Number(loadBefore.toFixed(2)), pages: results });
const over = Object.entries(results).filter(([, f]) => f.budgeted && f.medianMs > BUDGET_MEDIAN_MS);
if (over.length > 0) {
  console.error(`Over the ${BUDGET_MEDIAN_MS} ms median budget: ${over.map(([name]) => name).join(', ')}`);
  process.exit(1);
}
console.log(`A visitor's directory page renders within a median of ${BUDGET_MEDIAN_MS} ms.`);
