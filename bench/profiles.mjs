// Profile page budget (issue 3): for a signed-out visitor, the server render of a public
// profile takes a median of at most 20 ms in the local stack with 10,000 members.
//
//   node bench/profiles.mjs        (through npm's Node 24: npx node bench/profiles.mjs)
//
// In a state folder of its own (.wrangler/bench-profiles, wiped first) it loads the bench
// community of bench/lib/profiles-data.mjs (10,000 onboarded members with full profiles),
// builds the app (astro build, as npm start does), serves both workers with `wrangler dev`
// as npm start does, warms up, then times ROUNDS sequential page requests on loopback,
// cycling through 100 founders' and advisors' profiles: as a visitor (budgeted), and as a
// signed-in member (the session check, the header's badge and the recorded view on top).
// Records the median and p95 in bench/results.json; exits 1 over budget.
import { availableParallelism, loadavg } from 'node:os';
import { ensureDevVars } from '../scripts/lib/dev-vars.mjs';
import { waitFor } from '../scripts/lib/run.mjs';
import { loadProfilesBench } from './lib/profiles-data.mjs';
import { buildApp, serveApp } from './lib/worker.mjs';
import { median, percentile, recordBenchmark } from './lib/report.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 4596);
const BUDGET_MEDIAN_MS = 20;
const MEMBERS = 10_000;
const STATE_DIR = '.wrangler/bench-profiles';

const data = await loadProfilesBench(STATE_DIR, { members: MEMBERS });
console.log(`• loaded ${MEMBERS.toLocaleString('en')} members (${data.loadSeconds} s)`);
const base = `http://127.0.0.1:${PORT}`;
// The variables npm start gives both workers (a JWT secret, this address); the build copies
// the API worker's .dev.vars next to its built config, so they are written first.
const envFile = ensureDevVars({ appUrl: base, stateDir: STATE_DIR });
buildApp();

/** Both workers, as npm start serves them. */
function serve() {
  return serveApp({ port: PORT, stateDir: STATE_DIR, envFile });
}

const pages = [...data.sampleSlugs.founder.map((slug) => `/founder/${slug}`), ...data.sampleSlugs.advisor.map((slug) => `/advisor/${slug}`)];

/** Times `rounds` sequential GETs, cycling through `paths`; every answer must be the profile page. */
async function timed(paths, rounds, headers = {}) {
  const samples = [];
  for (let i = 0; i < rounds; i += 1) {
    const url = `${base}${paths[i % paths.length]}`;
    const start = performance.now();
    const response = await fetch(url, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });
    const html = await response.text();
    samples.push(performance.now() - start);
    if (response.status !== 200 || (paths !== FLOOR && !html.includes('"@type":"ProfilePage"'))) {
      throw new Error(`${url} answered ${response.status} without the profile: ${html.slice(0, 200)}`);
    }
  }
  return samples;
}
const FLOOR = ['/robots.txt'];

/** Signs the bench member in through the edge, as the sign-in form does; answers the cookie header. */
async function signIn() {
  const response = await fetch(`${base}/api/session/auth/user-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: data.member.email, password: data.member.password }),
  });
  const token = response.headers.getSetCookie().find((cookie) => cookie.startsWith('token='));
  if (response.status !== 200 || !token) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return token.split(';')[0];
}

const server = serve();
const round = (ms) => Number(ms.toFixed(2));
const figure = (samples) => ({ requests: samples.length, medianMs: round(median(samples)), p95Ms: round(percentile(samples, 95)) });
let loadBefore = 0;
let results;
try {
  await waitFor(`${base}/api/session/health`, 90_000);
  const cookie = await signIn();
  await timed(pages, WARMUP);
  await timed(pages, WARMUP, { cookie });
  // The machine may be shared: say how busy it was, since every figure moves with it.
  loadBefore = loadavg()[0];
  if (loadBefore > availableParallelism()) console.warn(`! load average ${loadBefore.toFixed(2)} on ${availableParallelism()} cores: figures will be high`);
  results = {
    'visitor: public profile': { ...figure(await timed(pages, ROUNDS)), budgeted: true },
    'signed in: public profile (no budget)': { ...figure(await timed(pages, ROUNDS, { cookie })), budgeted: false },
    'floor: GET /robots.txt (no API call)': { ...figure(await timed(FLOOR, ROUNDS)), budgeted: false },
  };
} finally {
  server.kill('SIGTERM');
}

console.log(`\nProfile pages among ${MEMBERS.toLocaleString('en')} members (${pages.length} profiles in turn), sequential requests on loopback:`);
console.table(Object.fromEntries(Object.entries(results).map(([name, f]) => [name, { 'median ms': f.medianMs, 'p95 ms': f.p95Ms }])));
recordBenchmark('profiles', { members: MEMBERS, profiles: pages.length, budgetMedianMs: BUDGET_MEDIAN_MS, loadAverage: Number(loadBefore.toFixed(2)), pages: results });
const over = Object.entries(results).filter(([, f]) => f.budgeted && f.medianMs > BUDGET_MEDIAN_MS);
if (over.length > 0) {
  console.error(`Over the ${BUDGET_MEDIAN_MS} ms median budget: ${over.map(([name]) => name).join(', ')}`);
  process.exit(1);
}
console.log(`A visitor's profile page renders within a median of ${BUDGET_MEDIAN_MS} ms.`);
