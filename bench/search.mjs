// Search budget (issue 3): a filtered search over 10,000 members answers with a p95 of at
// most 30 ms in the local stack.
//
//   npm run bench:search
//
// In a state folder of its own (.wrangler/bench-search, wiped first) it loads the bench
// community of bench/lib/profiles-data.mjs (10,000 onboarded members with full profiles,
// their search tags and text) and the world cities, starts the API worker alone with
// `wrangler dev`, signs in as the bench founder, warms up, then times ROUNDS sequential
// requests per search on loopback and records the median and p95 in bench/results.json.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { loadLocalCities } from '../scripts/cities.mjs';
import { root } from '../scripts/lib/run.mjs';
import { loadProfilesBench } from './lib/profiles-data.mjs';
import { median, percentile, recordBenchmark, timedGets } from './lib/report.mjs';
import { runningWorker } from './lib/worker.mjs';
import { BUDGETED_SEARCHES, SEARCH_P95_MS } from './scale/requests-model.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 4594);
const BUDGET_P95_MS = SEARCH_P95_MS;
const MEMBERS = 10_000;
const STATE_DIR = '.wrangler/bench-search';

const data = await loadProfilesBench(STATE_DIR, { members: MEMBERS });
console.log(`• loaded ${MEMBERS.toLocaleString('en')} members, ${data.counts.profile_tags.toLocaleString('en')} search tags (${data.loadSeconds} s)`);
const { rows: cityRows } = loadLocalCities(STATE_DIR);
console.log(`• loaded ${cityRows.toLocaleString('en')} cities`);

const paged = (min) => (b) => b.data.length >= min && b.total >= b.data.length;
/** What each budgeted search (bench/scale/requests-model.mjs, shared with the scale benches) must answer here. */
const CHECKS = {
  'founders: q + filters': paged(1),
  'founders: filters only': paged(20),
  'founders: filters, page 10': paged(20),
  'founders: no filter': (b) => b.total > 6000 && b.data.length === 20,
  'advisors: filters': paged(10),
  'advisors: q': paged(21),
  'profiles: filters': paged(5),
  'profiles: q + filters': paged(20),
  'tagging-profiles': paged(10),
};

const ENDPOINTS = [
  ...BUDGETED_SEARCHES.map(([name, searchPath]) => ({ name, path: searchPath, check: CHECKS[name] })),
  // Not budgeted here (public, or a ranking rather than a search), so a regression still shows.
  { name: 'co-founder matches (no budget)', path: '/profiles/recommend-search?limit=10&page=1', budget: false, check: paged(10) },
  { name: 'advisor matches (no budget)', path: '/profiles/recommend-search?limit=10&page=1&memberType=advisor', budget: false, check: paged(10) },
  { name: 'you-might-like (no budget)', path: '/connection/you-might-like?limit=10', budget: false, check: (b) => b.data.length === 10 },
  { name: 'cities: one letter (no budget)', path: '/cities?search=s&limit=10', budget: false, check: (b) => b.data.length === 10 },
  { name: 'floor: GET /auth/me (no budget)', path: '/auth/me', budget: false, check: (b) => Boolean(b) },
];

const round = (ms) => Number(ms.toFixed(2));
let loadBefore = 0;
const envFile = path.join(root, STATE_DIR, 'bench.vars');
writeFileSync(envFile, `ENVIRONMENT=development\nJWT_SECRET=${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });

const results = await runningWorker({ config: 'functions/wrangler.toml', port: PORT, stateDir: STATE_DIR, envFile, readyPath: '/health' }, async (base) => {
  const login = await fetch(`${base}/auth/user-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: data.member.email, password: data.member.password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { jwt } = await login.json();

  const figures = {};
  for (const endpoint of ENDPOINTS) await timedGets(`${base}${endpoint.path}`, jwt, WARMUP);
  // The machine may be shared: say how busy it was, since every figure moves with it.
  loadBefore = loadavg()[0];
  if (loadBefore > availableParallelism()) console.warn(`! load average ${loadBefore.toFixed(2)} on ${availableParallelism()} cores: figures will be high`);
  for (const endpoint of ENDPOINTS) {
    const { samples, body } = await timedGets(`${base}${endpoint.path}`, jwt, ROUNDS);
    if (!endpoint.check(body)) throw new Error(`${endpoint.path} answered unexpected data: ${JSON.stringify(body).slice(0, 300)}`);
    figures[endpoint.name] = {
      path: endpoint.path,
      total: body.total,
      requests: samples.length,
      medianMs: round(median(samples)),
      p95Ms: round(percentile(samples, 95)),
      budgeted: endpoint.budget !== false,
    };
  }
  return figures;
});

console.log(`\nSearches over ${MEMBERS.toLocaleString('en')} members, sequential requests on loopback:`);
console.table(Object.fromEntries(Object.entries(results).map(([name, figure]) => [name, { matches: figure.total, 'median ms': figure.medianMs, 'p95 ms': figure.p95Ms }])));
const over = Object.entries(results).filter(([, figure]) => figure.budgeted && figure.p95Ms > BUDGET_P95_MS);
recordBenchmark('search', { members: MEMBERS, searchTags: data.counts.profile_tags, budgetP95Ms: BUDGET_P95_MS, loadAverage: Number(loadBefore.toFixed(2)), endpoints: results });
if (over.length > 0) {
  console.error(`Over the ${BUDGET_P95_MS} ms p95 budget: ${over.map(([name]) => name).join(', ')}`);
  process.exit(1);
}
console.log(`Every budgeted search is within p95 ≤ ${BUDGET_P95_MS} ms.`);
