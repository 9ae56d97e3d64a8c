// Dashboard budget (issue 33): the signed-in home's server render (GET / for a member, whose
// page makes one GET /dashboard) takes a p95 of at most 40 ms in the local stack with
// 100,000 members.
//
//   npm run bench:dashboard        (node bench/dashboard.mjs through npm's Node 24)
//
// In a state folder of its own (.wrangler/bench-dashboard, wiped first) it loads the bench
// community of bench/lib/profiles-data.mjs at 100,000 members (the bench founder blocked 10),
// then around the bench founder: CONNECTIONS accepted connections, 40 requests received,
// 20 posts by each connection over 60 days among 100,000 posts by others, 10 upcoming
// sessions each way among 2,000 others, 50 members leaving (two of them connections), 60
// threads with connections (25 with unread messages, one from a member leaving) in the mailbox and 800 profile views
// (through the development import routes). It builds the app, serves both workers with
// `wrangler dev`, signs in as the browser does, warms up, then times ROUNDS sequential GET /
// on loopback (and GET /dashboard through the session proxy, no budget). Records the median
// and p95 in bench/results.json; exits 1 over budget.
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { ensureDevVars } from '../scripts/lib/dev-vars.mjs';
import { root, waitFor } from '../scripts/lib/run.mjs';
import { insertStatements } from '../scripts/lib/sql.mjs';
import { d1 } from './lib/load-data.mjs';
import { importMailboxes, pairKey, threadIdOf } from './lib/mailboxes.mjs';
import { BENCH_EMAIL, BENCH_PASSWORD, loadProfilesBench } from './lib/profiles-data.mjs';
import { random } from './lib/random.mjs';
import { median, percentile, recordBenchmark } from './lib/report.mjs';
import { sessionHeaders, signIn } from './lib/session-member.mjs';
import { buildApp, serveApp } from './lib/worker.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 4605);
const BUDGET_P95_MS = 40;
const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 300);
const STATE_DIR = '.wrangler/bench-dashboard';
const DAY_MS = 86_400_000;

/** REUSE=1 times the data a previous run loaded into the state folder (the load takes about 20 minutes here). */
const REUSE = process.env.REUSE === '1';

const data = REUSE ? { member: { email: BENCH_EMAIL, password: BENCH_PASSWORD, userId: userIdOf(0) } } : await loadProfilesBench(STATE_DIR, { members: MEMBERS });
if (!REUSE) console.log(`• loaded ${MEMBERS.toLocaleString('en')} members (${data.loadSeconds} s)`);

// The bench community's user ids, as bench/lib/profiles-data.mjs derives them (seed 2026).
function userIdOf(i) {
  return createHash('sha256').update(`2026:user:${i}`).digest('hex').slice(0, 24);
}
const userId = userIdOf;
const me = data.member.userId;
if (userId(0) !== me) throw new Error('the bench community’s ids are not derived as expected');
const rand = random(33);
const now = Date.now();
const iso = (ms) => new Date(ms).toISOString();
const newId = () => randomBytes(12).toString('hex');
const other = () => userId(1_000 + Math.floor(rand() * (MEMBERS - 1_100)));

/** The rows around the bench founder, and a background of other members' rows. */
function community() {
  const connections = [];
  const connect = (a, b, status, at) =>
    connections.push({
      id: newId(),
      requester_id: a,
      receiver_id: b,
      pair_key: pairKey(a, b),
      status,
      note: status === 'pending' ? 'Would love to compare notes on pricing.' : null,
      responded_at: status === 'accepted' ? iso(at) : null,
      created_at: iso(at),
      updated_at: iso(at),
    });
  const friends = Array.from({ length: CONNECTIONS }, (_, i) => userId(i + 1));
  friends.forEach((friend, i) => connect(i % 2 ? me : friend, i % 2 ? friend : me, 'accepted', now - rand() * 300 * DAY_MS));
  for (let i = 0; i < 40; i += 1) connect(userId(CONNECTIONS + 1 + i), me, 'pending', now - rand() * 30 * DAY_MS);
  const taken = new Set(connections.map((row) => row.pair_key));
  while (connections.length < 50_000) {
    const [a, b] = [other(), other()];
    if (a === b || taken.has(pairKey(a, b))) continue;
    taken.add(pairKey(a, b));
    connect(a, b, rand() < 0.8 ? 'accepted' : 'pending', now - rand() * 300 * DAY_MS);
  }
  const posts = [];
  const post = (author, at) =>
    posts.push({
      id: newId(),
      slug: `bench-${posts.length}`,
      author_user_id: author,
      text: `Week ${posts.length % 52} update: shipped onboarding, talked to twelve customers, hiring a designer.`,
      created_at: iso(at),
      updated_at: iso(at),
    });
  for (const friend of friends) for (let i = 0; i < 20; i += 1) post(friend, now - rand() * 60 * DAY_MS);
  for (let i = 0; i < 100_000; i += 1) post(other(), now - rand() * 365 * DAY_MS);
  const bookings = [];
  const book = (host, guest, start, status) =>
    bookings.push({
      id: newId(),
      host_id: host,
      guest_id: guest,
      starts_at: start,
      ends_at: start + 30 * 60_000,
      busy_from: start,
      busy_until: start + 40 * 60_000,
      status,
      topic: 'Fundraising',
      agenda: '',
      guest_time_zone: 'UTC',
      created_at: iso(now),
      updated_at: iso(now),
    });
  for (let i = 0; i < 10; i += 1) book(friends[i], me, now + (i + 1) * DAY_MS, 'confirmed');
  for (let i = 0; i < 10; i += 1) book(me, friends[20 + i], now + (i + 1) * DAY_MS + 3_600_000, i < 3 ? 'requested' : 'confirmed');
  for (let i = 0; i < 10; i += 1) book(friends[40 + i], me, now - (i + 1) * DAY_MS, 'confirmed');
  for (let i = 0; i < 2_000; i += 1) book(other(), other(), now + Math.floor(rand() * 60 * DAY_MS), 'confirmed');
  const leaving = [friends[5], friends[50], ...Array.from({ length: 48 }, other)].map((user) => ({
    id: newId(),
    user_id: user,
    status: 'pending',
    created_at: iso(now - DAY_MS),
    due_at: iso(now + 29 * DAY_MS),
  }));
  return { connections, posts, bookings, leaving: [...new Map(leaving.map((row) => [row.user_id, row])).values()], friends };
}

const rows = community();
if (!REUSE) {
  const file = path.join(root, STATE_DIR, 'dashboard.sql');
  writeFileSync(
    file,
    `${[
      ...insertStatements('connections', rows.connections, 200),
      ...insertStatements('feed_posts', rows.posts, 200),
      ...insertStatements('bookings', rows.bookings, 150),
      ...insertStatements('deletion_requests', rows.leaving, 200),
    ].join('\n')}\n`,
  );
  d1(STATE_DIR, ['execute', 'DB', '--file', file]);
}
console.log(
  `• ${rows.connections.length.toLocaleString('en')} connections, ${rows.posts.length.toLocaleString('en')} posts, ${rows.bookings.length.toLocaleString('en')} sessions, ${rows.leaving.length} members leaving`,
);

/** The bench founder's mailbox: 60 threads with connections, 25 of them with two unread messages. */
function mailbox() {
  const threads = [];
  const messages = [];
  rows.friends.slice(0, 60).forEach((friend, i) => {
    const id = threadIdOf(me, friend);
    const at = now - (i + 1) * 3_600_000;
    threads.push({ id, other_id: friend, created_at: iso(at - DAY_MS) });
    messages.push({ id: newId(), thread_id: id, author_id: me, to_id: friend, body: 'Thanks for the intro yesterday.', reply_to_id: null, read: 1, created_at: iso(at - 60_000) });
    for (const n of [0, 1])
      messages.push({
        id: newId(),
        thread_id: id,
        author_id: friend,
        to_id: me,
        body: `Message ${n + 1}: can we talk on Thursday about your seed round?`,
        reply_to_id: null,
        read: i < 25 ? 0 : 1,
        created_at: iso(at + n * 1_000),
      });
  });
  return new Map([[me, { threads, messages }]]);
}

const base = `http://127.0.0.1:${PORT}`;
const envFile = ensureDevVars({ appUrl: base, stateDir: STATE_DIR });
buildApp();

const round = (ms) => Number(ms.toFixed(2));
const figure = (samples) => ({ requests: samples.length, medianMs: round(median(samples)), p95Ms: round(percentile(samples, 95)) });

/** Times `rounds` sequential GETs of `url` as the member; `check` says whether an answer shows the cards. */
async function timed(url, headers, rounds, check) {
  const samples = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    const response = await fetch(url, { headers, redirect: 'manual' });
    const body = await response.text();
    samples.push(performance.now() - start);
    if (response.status !== 200 || !check(body)) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
  }
  return samples;
}

const server = serveApp({ port: PORT, stateDir: STATE_DIR, envFile });
let loadBefore = 0;
let results;
try {
  await waitFor(`${base}/api/session/health`, 120_000);
  const origin = { origin: base };
  const imported = REUSE ? 0 : await importMailboxes(`${base}/api/session/dev/inbox/import`, mailbox(), { headers: origin });
  const views = Array.from({ length: 800 }, (_, i) => ({
    userId: me,
    side: 'viewers',
    memberId: userId(2_000 + i),
    private: i % 10 === 0,
    viewedAt: iso(now - rand() * 85 * DAY_MS),
  }));
  for (let i = 0; !REUSE && i < views.length; i += 400) {
    const answer = await fetch(`${base}/api/session/dev/profile-views/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...origin },
      body: JSON.stringify({ rows: views.slice(i, i + 400) }),
    });
    if (answer.status !== 200) throw new Error(`views import: ${answer.status} ${await answer.text()}`);
  }
  console.log(`• imported ${imported} message copies and ${views.length} profile views`);
  const member = await signIn(base, data.member.email, data.member.password, '198.51.100.33');
  const headers = { ...sessionHeaders(base, member.token, member.ip), accept: 'text/html' };
  const home = (body) => body.includes('data-dashboard-cards') && body.includes('Connection requests');
  const api = (body) => {
    const answer = JSON.parse(body);
    return answer.requests.total === 40 && answer.messages.total === 24 && answer.sessions.total === 19 && answer.posts.data.length === 3 && answer.views.total === 800;
  };
  await timed(`${base}/`, headers, WARMUP, home);
  await timed(`${base}/api/session/dashboard`, { ...headers, accept: 'application/json' }, 5, api);
  loadBefore = loadavg()[0];
  if (loadBefore > availableParallelism()) console.warn(`! load average ${loadBefore.toFixed(2)} on ${availableParallelism()} cores: figures will be high`);
  results = {
    'member: GET / (the dashboard page)': { ...figure(await timed(`${base}/`, headers, ROUNDS, home)), budgeted: true },
    'GET /dashboard through the session proxy (no budget)': {
      ...figure(await timed(`${base}/api/session/dashboard`, { ...headers, accept: 'application/json' }, ROUNDS, api)),
      budgeted: false,
    },
  };
} finally {
  server.kill('SIGTERM');
}

console.log(`\nThe dashboard of a member with ${CONNECTIONS} connections among ${MEMBERS.toLocaleString('en')} members, sequential requests on loopback:`);
console.table(Object.fromEntries(Object.entries(results).map(([name, f]) => [name, { 'median ms': f.medianMs, 'p95 ms': f.p95Ms }])));
recordBenchmark('dashboard', { members: MEMBERS, connections: CONNECTIONS, budgetP95Ms: BUDGET_P95_MS, loadAverage: Number(loadBefore.toFixed(2)), pages: results });
const over = Object.entries(results).filter(([, f]) => f.budgeted && f.p95Ms > BUDGET_P95_MS);
if (over.length > 0) {
  console.error(`Over the ${BUDGET_P95_MS} ms p95 budget: ${over.map(([name]) => name).join(', ')}`);
  process.exit(1);
}
console.log(`The dashboard renders within a p95 of ${BUDGET_P95_MS} ms.`);
