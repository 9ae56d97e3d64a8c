// Inbox budget (issue 6): GET /connections (a page of 20) answers with a p95 of at most
// 25 ms in the local stack for a member with 1,000 threads.
//
//   npm run bench:inbox
//
// In a state folder of its own (.wrangler/bench-inbox, wiped first) it loads 3,000 members
// (bench/lib/profiles-data.mjs) and the inbox of bench/lib/inbox-data.mjs: the bench
// founder's 1,000 threads (100 of them with a removed connection, about 30 % with unread
// messages), 10 more with members they blocked (left out), and 5,000 conversations between
// other members. It starts the API worker alone, fills each member's mailbox through the
// development route POST /dev/inbox/import (the inbox lives in one MemberInbox object per
// member, not in D1), signs in, warms up, then times ROUNDS sequential requests per
// endpoint on loopback, one endpoint after the other in each round (page 1 budgeted; page
// 10, the unread filter, the unread count and one thread's messages beside it). Records the
// medians and p95s in bench/results.json under 'inbox'; exits 1 over the budget.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { root } from '../scripts/lib/run.mjs';
import { importInboxBench, loadInboxBench } from './lib/inbox-data.mjs';
import { median, percentile, recordBenchmark } from './lib/report.mjs';
import { runningWorker } from './lib/worker.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 4436);
const BUDGET_P95_MS = 25;
const MEMBERS = 3_000;
const THREADS = 1_000;
const STATE_DIR = '.wrangler/bench-inbox';

// BENCH_REUSE=1 times the state an earlier run loaded (mailboxes included), without loading it again.
const REUSE = Boolean(process.env.BENCH_REUSE);
const data = await loadInboxBench(STATE_DIR, { members: MEMBERS, threads: THREADS, reuse: REUSE });
const { counts, expected, sampleThread } = data.inbox;
console.log(
  `• loaded ${MEMBERS.toLocaleString('en')} members, ${counts.threads.toLocaleString('en')} threads and ${counts.messages.toLocaleString('en')} messages (${data.loadSeconds} s)`,
);

const LIST = '/connections?limit=20';
const page = (n) => (b) => b.total === expected.threads && b.page === n && b.data.length === 20 && b.data.every((t) => t.latestMessage && t.receiver);
const ENDPOINTS = [
  { name: 'threads: page 1', path: `${LIST}&page=1`, budget: true, check: page(1) },
  { name: 'threads: page 10', path: `${LIST}&page=10`, check: page(10) },
  { name: 'threads: unread, page 1', path: `${LIST}&page=1&msgStatus=unread`, check: (b) => b.total === expected.unreadThreads && b.data.every((t) => t.unreadCount > 0) },
  { name: 'unseen count', path: '/connections/messages/unseen-count', check: (b) => b.count === expected.unreadMessages },
  { name: 'one thread: 30 messages', path: `/connections/${sampleThread}?limit=30`, check: (b) => b.thread._id === sampleThread && b.messages.length > 0 },
  { name: 'floor: GET /auth/me', path: '/auth/me', check: (b) => Boolean(b) },
];

const round = (ms) => Number(ms.toFixed(2));
const figure = (samples) => ({ requests: samples.length, medianMs: round(median(samples)), p95Ms: round(percentile(samples, 95)) });

/** One GET of `url` with the member's token: its time in ms; the answer must pass `check`. */
async function timedGet(url, token, check) {
  const start = performance.now();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const body = await response.text();
  const ms = performance.now() - start;
  if (response.status !== 200 || !check(JSON.parse(body))) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
  return ms;
}

/**
 * `rounds` rounds of one request per endpoint, in turn, so that a passing disturbance on a
 * shared machine (the first seconds of wrangler dev, another process) weighs on every
 * endpoint alike instead of on whichever was being timed then.
 */
async function timedRounds(base, token, rounds) {
  const samples = ENDPOINTS.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, endpoint] of ENDPOINTS.entries()) samples[i].push(await timedGet(`${base}${endpoint.path}`, token, endpoint.check));
  }
  return samples;
}

const envFile = path.join(root, STATE_DIR, 'bench.vars');
writeFileSync(envFile, `ENVIRONMENT=development\nBENCH_LIFTS_FLOOD_LIMITS=true\nJWT_SECRET=${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
let loadAverage = 0;
const results = await runningWorker({ config: 'functions/wrangler.toml', port: PORT, stateDir: STATE_DIR, envFile, readyPath: '/health' }, async (base) => {
  if (!REUSE) {
    const imported = await importInboxBench(base, data.inbox);
    console.log(`• filled ${data.inbox.mailboxes.size.toLocaleString('en')} mailboxes with ${imported.copies.toLocaleString('en')} message copies (${imported.seconds} s)`);
  }
  const login = await fetch(`${base}/auth/user-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: data.member.email, password: data.member.password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { jwt } = await login.json();
  await timedRounds(base, jwt, WARMUP);
  // The machine may be shared: say how busy it was, since every figure moves with it.
  loadAverage = loadavg()[0];
  if (loadAverage > availableParallelism()) console.warn(`! load average ${loadAverage.toFixed(2)} on ${availableParallelism()} cores: figures will be high`);
  const samples = await timedRounds(base, jwt, ROUNDS);
  return Object.fromEntries(ENDPOINTS.map((endpoint, i) => [endpoint.name, { path: endpoint.path, ...figure(samples[i]), budgeted: Boolean(endpoint.budget) }]));
});

console.log(`\nA member with ${THREADS.toLocaleString('en')} threads among ${MEMBERS.toLocaleString('en')} members, sequential requests on loopback:`);
console.table(
  Object.fromEntries(Object.entries(results).map(([name, f]) => [name, { 'median ms': f.medianMs, 'p95 ms': f.p95Ms, budget: f.budgeted ? `p95 ≤ ${BUDGET_P95_MS}` : '' }])),
);
recordBenchmark('inbox', { members: MEMBERS, threads: THREADS, rows: counts, budgetP95Ms: BUDGET_P95_MS, loadAverage: Number(loadAverage.toFixed(2)), endpoints: results });
const over = Object.entries(results).filter(([, f]) => f.budgeted && f.p95Ms > BUDGET_P95_MS);
if (over.length > 0) {
  console.error(`Over the ${BUDGET_P95_MS} ms p95 budget: ${over.map(([name, f]) => `${name} ${f.p95Ms} ms`).join(', ')}`);
  process.exit(1);
}
console.log(`GET /connections answers page 1 within a p95 of ${BUDGET_P95_MS} ms.`);
