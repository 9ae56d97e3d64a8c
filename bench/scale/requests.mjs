// The budgeted requests of the earlier issues, on a state folder built by
// bench/scale/generate.mjs (issue 18, "Measure"), with what each costs in D1 rows, queries
// and CPU for the cost model in docs/scale.md.
//
//   npm run bench:scale -- --state-dir .wrangler/scale-10k --label 10k [--no-fail]
//   (ROUNDS=300 WARMUP=30 KIND_SECONDS=120 BENCH_PORT=4610; BENCH_SKIP_BUILD=1 skips astro build)
//
// 1. Reads the state's D1 file (node:sqlite, read-only, before any worker opens it): that it
//    holds every migration of functions/migrations (or stops, saying how to apply them), the
//    member count, SIGN_INS typical members (onboarded, sampled evenly over the members, the
//    closest to the sample's medians of accepted connections and threads), a thread partner
//    of each for the message sends, and 100 public profiles and 100 posts spread over the
//    whole table; the threads come from the state's inbox side file (<state>/inbox.sqlite,
//    since the inbox lives in member objects). It never writes the state's D1 except through
//    the API (sign-ins, messages).
// 2. The API worker alone (wrangler dev, ENVIRONMENT=development, a random JWT_SECRET, as
//    bench/feed.mjs): each kind is warmed up, then timed for ROUNDS sequential requests on
//    loopback (past KIND_SECONDS, only until MIN_ROUNDS: the largest states take seconds
//    per search; the figures record how many requests they hold),
//    loopback, rotating among the signed-in members: feed page 1 (bench/feed.mjs, p95 ≤ 25
//    ms), the budgeted searches of bench/search.mjs (p95 ≤ 30), the connections list and
//    count (bench/connections.mjs, p95 ≤ 20), the thread list (bench/inbox.mjs, p95 ≤ 25);
//    then message sends to a partner's socket (bench/live.mjs: stored → event, median ≤ 10,
//    from the answer's Server-Timing `stored`). CPU per request: the CPU seconds of the
//    workerd processes under this bench (from /proc) over a kind's timed requests, divided
//    by their number: an upper bound, since local workerd also runs D1's SQLite, the rate
//    limiter and the live objects. D1 usage: afterwards a few requests per kind carry
//    `x-bench-d1: 1` and the API (development only, functions/src/http/d1-meter.ts)
//    answers the queries, rows read and rows written they took.
// 3. Both workers as npm start serves them (astro build first): a visitor's public profile
//    and post page, cycling through 100 of each, median ≤ 20 ms, with CPU per page (both
//    workers share one workerd). The app worker calls the API over a service binding, which
//    does not pass the meter's header: a page's D1 figures are those of the API calls it makes
//    (the profile; the post and its first comments), metered in part 2 as a visitor.
// Writes bench/scale/requests.json under the label; prints a table; exits 1 over a budget
// unless --no-fail.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { io } from 'socket.io-client';
import { ensureDevVars } from '../../scripts/lib/dev-vars.mjs';
import { root, waitFor } from '../../scripts/lib/run.mjs';
import { buildApp, runningWorker, serveApp } from '../lib/worker.mjs';
import { importInbox } from './inbox.mjs';
import { importNotifications } from './notifications.mjs';
import { importProfileViews } from './profile-views.mjs';
import { SCALE_PASSWORD } from './model.mjs';
import {
  averageUsage,
  BUDGETED_SEARCHES,
  cpuMsPerRequest,
  descendantsOf,
  keepGoing,
  missingMigrations,
  overBudget,
  parseArgs,
  pickTypical,
  SEARCH_P95_MS,
  timing,
  usageOf,
} from './requests-model.mjs';

const args = parseArgs(process.argv.slice(2));
const ROUNDS = Number(process.env.ROUNDS ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 30);
const KIND_SECONDS = Number(process.env.KIND_SECONDS ?? 120);
const MIN_ROUNDS = 50;
/** How many requests a kind's warm-up and its timed requests send (keepGoing). */
const WARMUP_LIMITS = { rounds: WARMUP, minRounds: Math.min(WARMUP, 5), seconds: KIND_SECONDS };
const TIMED_LIMITS = { rounds: ROUNDS, minRounds: Math.min(ROUNDS, MIN_ROUNDS), seconds: KIND_SECONDS };
const PORT = Number(process.env.BENCH_PORT ?? 4610);
const SIGN_INS = 8;
const CANDIDATES = 2000;
const PAGES = 100;
const METERED_PER_MEMBER = 2;
const SEND_PAIRS = 4;
const stateDir = path.resolve(root, args.stateDir);
const ownDir = path.join(root, '.wrangler/bench-scale');
const resultsFile = path.join(import.meta.dirname, 'requests.json');
const budget = (statistic, ms) => ({ statistic, ms });

// 1. Who is in the state (read-only).
function sampleState() {
  const d1Dir = path.join(stateDir, 'v3/d1/miniflare-D1DatabaseObject');
  const file = existsSync(d1Dir) && readdirSync(d1Dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database under ${d1Dir}: build one with bench/scale/generate.mjs`);
  const db = new DatabaseSync(path.join(d1Dir, file), { readOnly: true });
  let inbox;
  try {
    // The workers run this tree's code: the state must hold every migration of it (applying them here would write the D1 behind the API's back).
    const applied = db
      .prepare('SELECT name FROM d1_migrations')
      .all()
      .map((row) => row.name);
    const missing = missingMigrations(readdirSync(path.join(root, 'functions/migrations')), applied);
    // Some of them drop tables whose rows the member objects now keep: move-aside.mjs copies those rows to the side files first.
    if (missing.length > 0)
      throw new Error(
        `${args.stateDir} lacks the migrations ${missing.join(', ')}: apply them with npx node bench/scale/move-aside.mjs --state-dir ${args.stateDir} (which first moves the rows they drop to the side files), or generate it again`,
      );
    const inboxFile = path.join(stateDir, 'inbox.sqlite');
    if (!existsSync(inboxFile))
      throw new Error(`no ${path.join(args.stateDir, 'inbox.sqlite')}: generate the state again (bench/scale/generate.mjs) or move its inbox aside (bench/scale/move-aside.mjs)`);
    inbox = new DatabaseSync(inboxFile, { readOnly: true });
    const members = db.prepare('SELECT count(*) AS n FROM users').get().n;
    const step = Math.max(1, Math.floor(members / CANDIDATES));
    const sampled = db
      .prepare(`SELECT id, email FROM users WHERE rowid % ? = 0 AND onboarded = 1 AND email_verified = 1 AND suspended_at IS NULL AND email LIKE 'member-%@scale.invalid' LIMIT ?`)
      .all(step, CANDIDATES);
    const accepted = db.prepare(
      "SELECT (SELECT count(*) FROM connections WHERE requester_id = ?1 AND status = 'accepted') + (SELECT count(*) FROM connections WHERE receiver_id = ?1 AND status = 'accepted') AS n",
    );
    // Every thread of the side file has messages: the ones the thread list shows.
    const threads = inbox.prepare('SELECT count(*) AS n FROM threads WHERE user_id = ?');
    const candidates = sampled.map((row) => ({ id: row.id, email: row.email, connections: accepted.get(row.id).n, threads: threads.get(row.id).n }));
    const typical = pickTypical(candidates, SIGN_INS);
    const othersOf = inbox.prepare('SELECT other_id FROM threads WHERE user_id = ? ORDER BY id');
    const partner = db.prepare("SELECT id, email FROM users WHERE id = ? AND suspended_at IS NULL AND email LIKE 'member-%@scale.invalid'");
    const partnerOf = (memberId) =>
      othersOf
        .all(memberId)
        .map((row) => partner.get(row.other_id))
        .find(Boolean);
    const pairs = typical.picked
      .map((member) => ({ sender: member, recipient: partnerOf(member.id) }))
      .filter((pair) => pair.recipient)
      .slice(0, SEND_PAIRS);
    const spread = (table, join) => {
      const total = db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n;
      return db.prepare(`SELECT p.slug FROM ${table} p ${join} WHERE p.rowid % ? = 0 LIMIT ?`).all(Math.max(1, Math.floor(total / PAGES)), PAGES);
    };
    const visible = "JOIN users u ON u.id = p.user_id AND u.onboarded = 1 AND u.suspended_at IS NULL AND u.email LIKE 'member-%@scale.invalid'";
    const founders = spread('founders', visible).slice(0, PAGES * 0.75);
    const advisors = spread('advisors', visible).slice(0, PAGES * 0.25);
    const profiles = [...founders.map((r) => `/founder/${encodeURIComponent(r.slug)}`), ...advisors.map((r) => `/advisor/${encodeURIComponent(r.slug)}`)];
    const posts = spread('feed_posts', "JOIN users u ON u.id = p.author_user_id AND u.suspended_at IS NULL AND u.email LIKE 'member-%@scale.invalid'").map(
      (r) => `/post/${encodeURIComponent(r.slug)}`,
    );
    return { members, candidates: candidates.length, ...typical, pairs, profiles, posts };
  } finally {
    inbox?.close();
    db.close();
  }
}

// CPU seconds (user + system) of the workerd processes under this bench, from /proc.
function workerdCpuSeconds() {
  const processes = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      processes.push({
        pid: Number(name),
        ppid: Number(fields[1]),
        command: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
        cpu: (Number(fields[11]) + Number(fields[12])) / 100,
      });
    } catch {
      // gone meanwhile
    }
  }
  const mine = descendantsOf(processes, process.pid);
  const workerd = processes.filter((p) => mine.has(p.pid) && p.command === 'workerd');
  if (workerd.length === 0) throw new Error('no workerd process under this bench');
  return workerd.reduce((sum, p) => sum + p.cpu, 0);
}

const state = sampleState();
console.log(
  `• ${args.label}: ${state.members.toLocaleString('en')} members; ${state.picked.length} typical members of ${state.candidates} sampled (median ${state.medianConnections} accepted connections, ${state.medianThreads} threads); ${state.pairs.length} message pairs; ${state.profiles.length} profiles and ${state.posts.length} posts`,
);
if (state.picked.length < SIGN_INS || state.pairs.length === 0 || state.profiles.length < PAGES / 2 || state.posts.length < PAGES / 2)
  throw new Error('the state is too small for this bench');

// 2. The API worker alone.
const isPage = (b) => Array.isArray(b.data) && typeof b.total === 'number';
const FEED_P95 = budget('p95', 25);
const SEARCH_P95 = budget('p95', SEARCH_P95_MS);
const CONNECTIONS_P95 = budget('p95', 20);
const THREADS_P95 = budget('p95', 25);
const SEND_MEDIAN = budget('median', 10);
const PAGE_MEDIAN = budget('median', 20);
const API_KINDS = [
  { name: 'feed: page 1', path: '/feed-post?limit=20&sortBy=createdAt&order=desc&page=1', budget: FEED_P95, check: (b) => isPage(b) && b.data.length === 20 },
  ...BUDGETED_SEARCHES.map(([name, searchPath]) => ({ name: `search: ${name}`, path: searchPath, budget: SEARCH_P95, check: isPage })),
  { name: 'connections: accepted page 1', path: '/connection/status?limit=10&_type=accepted&page=1', budget: CONNECTIONS_P95, check: isPage },
  { name: 'connections: count', path: '/connection/count', budget: CONNECTIONS_P95, check: (b) => typeof b.accepted === 'number' },
  { name: 'threads: page 1', path: '/connections?limit=20&page=1', budget: THREADS_P95, check: (b) => isPage(b) && b.data.length > 0 },
];

async function signIn(base, email) {
  const response = await fetch(`${base}/auth/user-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SCALE_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return (await response.json()).jwt;
}

/** One GET as a member; answers its time in ms and its headers; the answer must pass `check`. */
async function timedGet(url, token, check, headers = {}) {
  const start = performance.now();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}`, ...headers } });
  const body = await response.text();
  const ms = performance.now() - start;
  if (response.status !== 200 || !check(JSON.parse(body))) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
  return { ms, headers: response.headers };
}

/** One GET as a visitor (no token); answers its headers; the answer must be a 200. */
async function visitorGet(url, headers = {}) {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { headers: response.headers };
}

/**
 * The API calls a visitor's page makes, as src/lib/profiles/server.ts and src/lib/feed/server.ts
 * make them: a profile page reads the profile; a post page the post and its first 50 comments.
 */
function pageCalls(pagePath) {
  const [, kind, slug] = pagePath.split('/');
  if (kind === 'post') return [`/feed-post/${slug}`, `/feed/comments/${slug}?page=1&limit=50`];
  return [`/${kind}/profile?slug=${slug}`];
}

/** What several calls of one page cost together (each from usageOf). */
const sumUsage = (usages) => ({
  queries: usages.reduce((sum, usage) => sum + usage.queries, 0),
  rowsRead: usages.reduce((sum, usage) => sum + usage.rowsRead, 0),
  rowsWritten: usages.reduce((sum, usage) => sum + usage.rowsWritten, 0),
  unmetered: usages.reduce((sum, usage) => sum + usage.unmetered, 0),
});

/** A socket.io client on the API worker, as the recipient (Bearer token, websocket only, no reconnection). */
function liveSocket(base, userId, token) {
  const socket = io(base, { transports: ['websocket'], forceNew: true, reconnection: false, query: { userId }, extraHeaders: { Authorization: `Bearer ${token}` } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Sends message `i` of a pair; answers the POST's time, stored → event (ms) and its D1 usage when metered. */
async function timedSend(base, pair, i, headers = {}) {
  let timer;
  const event = new Promise((resolve, reject) => {
    pair.socket.once('notification', () => resolve(performance.now()));
    timer = setTimeout(() => reject(new Error('no notification event within 5 s')), 5000);
  });
  const form = new FormData();
  form.append('body', `Scale bench message ${i}: are we still on for Thursday?`);
  form.append('to', pair.recipient.id);
  const start = performance.now();
  const response = await fetch(`${base}/connections/messages`, { method: 'POST', headers: { Authorization: `Bearer ${pair.senderToken}`, ...headers }, body: form });
  const answered = performance.now();
  if (response.status !== 201) throw new Error(`send answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  const at = await event.finally(() => clearTimeout(timer));
  const stored = Number(/stored;desc="(\d+)"/.exec(response.headers.get('server-timing') ?? '')?.[1]);
  if (!Number.isFinite(stored)) throw new Error('the send answered no Server-Timing stored');
  return { postMs: answered - start, storedToEventMs: performance.timeOrigin + at - stored, headers: response.headers };
}

const PAGE_KINDS = [
  { name: 'visitor: public profile page', paths: state.profiles, marker: '"@type":"ProfilePage"' },
  { name: 'visitor: post page', paths: state.posts, marker: '"@type":"DiscussionForumPosting"' },
];
/** Each page kind's D1 usage, from its API calls metered in part 2. */
const pageUsage = {};

mkdirSync(ownDir, { recursive: true });
const apiEnv = path.join(ownDir, `${args.label}.vars`);
writeFileSync(apiEnv, `ENVIRONMENT=development\nBENCH_LIFTS_FLOOD_LIMITS=true\nJWT_SECRET=${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
let loadApi = 0;
const api = await runningWorker({ config: 'functions/wrangler.toml', port: PORT, stateDir, envFile: apiEnv, readyPath: '/health' }, async (base) => {
  const tokens = [];
  for (const member of state.picked) tokens.push(await signIn(base, member.email));
  // Their notifications, profile views and mailboxes live in member objects: the generator
  // keeps them aside, and the members who sign in (and the message recipients) get theirs loaded.
  const loaded = [...new Set([...state.picked, ...state.pairs.map((pair) => pair.recipient)].map((member) => member.id))];
  const aside = {
    notifications: await importNotifications(base, stateDir, loaded),
    views: await importProfileViews(base, stateDir, loaded),
    messages: await importInbox(base, stateDir, loaded),
  };
  console.log(`• loaded ${aside.notifications} notifications, ${aside.views} profile views and ${aside.messages} message copies into ${loaded.length} members' objects`);
  for (const kind of API_KINDS) {
    const start = performance.now();
    for (let i = 0; keepGoing(i, performance.now() - start, WARMUP_LIMITS); i += 1) await timedGet(`${base}${kind.path}`, tokens[i % tokens.length], kind.check);
  }
  // The machine may be shared: say how busy it was, since every figure moves with it.
  loadApi = loadavg()[0];
  if (loadApi > availableParallelism()) console.warn(`! load average ${loadApi.toFixed(2)} on ${availableParallelism()} cores: figures will be high`);
  const figures = {};
  for (const kind of API_KINDS) {
    const samples = [];
    const cpuBefore = workerdCpuSeconds();
    const start = performance.now();
    for (let i = 0; keepGoing(i, performance.now() - start, TIMED_LIMITS); i += 1) samples.push((await timedGet(`${base}${kind.path}`, tokens[i % tokens.length], kind.check)).ms);
    const cpu = cpuMsPerRequest(cpuBefore, workerdCpuSeconds(), samples.length);
    const usages = [];
    for (let i = 0; i < tokens.length * METERED_PER_MEMBER; i += 1)
      usages.push(usageOf((await timedGet(`${base}${kind.path}`, tokens[i % tokens.length], kind.check, { 'x-bench-d1': '1' })).headers));
    figures[kind.name] = { path: kind.path, ...timing(samples), budget: kind.budget, ...averageUsage(usages), cpuMsPerRequest: cpu };
    console.log(`  ${kind.name}: median ${figures[kind.name].medianMs} ms, p95 ${figures[kind.name].p95Ms} ms, ${figures[kind.name].rowsRead} rows read`);
  }

  // The visitor's pages cost D1 through the API calls they make (part 3 times the pages,
  // whose calls go over the service binding, past the meter): the same calls, metered here.
  for (const kind of PAGE_KINDS) {
    const usages = [];
    for (const page of kind.paths.slice(0, SIGN_INS * METERED_PER_MEMBER)) {
      const calls = await Promise.all(pageCalls(page).map(async (call) => usageOf((await visitorGet(`${base}${call}`, { 'x-bench-d1': '1' })).headers)));
      usages.push(sumUsage(calls));
    }
    pageUsage[kind.name] = averageUsage(usages);
    console.log(`  ${kind.name} (its API calls): ${pageUsage[kind.name].queries} queries, ${pageUsage[kind.name].rowsRead} rows read`);
  }

  // Message send → the recipient's live event.
  const pairs = [];
  for (const pair of state.pairs) {
    const senderToken = tokens[state.picked.indexOf(pair.sender)];
    const recipientToken = await signIn(base, pair.recipient.email);
    pairs.push({ ...pair, senderToken, socket: await liveSocket(base, pair.recipient.id, recipientToken) });
  }
  try {
    const warming = performance.now();
    for (let i = 0; keepGoing(i, performance.now() - warming, WARMUP_LIMITS); i += 1) await timedSend(base, pairs[i % pairs.length], i);
    const post = [];
    const storedToEvent = [];
    const cpuBefore = workerdCpuSeconds();
    const start = performance.now();
    for (let i = 0; keepGoing(i, performance.now() - start, TIMED_LIMITS); i += 1) {
      const sent = await timedSend(base, pairs[i % pairs.length], i);
      post.push(sent.postMs);
      storedToEvent.push(sent.storedToEventMs);
    }
    const cpu = cpuMsPerRequest(cpuBefore, workerdCpuSeconds(), storedToEvent.length);
    const usages = [];
    for (let i = 0; i < pairs.length * METERED_PER_MEMBER; i += 1) usages.push(usageOf((await timedSend(base, pairs[i % pairs.length], i, { 'x-bench-d1': '1' })).headers));
    figures['message: stored → event'] = {
      path: 'POST /connections/messages',
      ...timing(storedToEvent),
      budget: SEND_MEDIAN,
      postMs: timing(post),
      ...averageUsage(usages),
      cpuMsPerRequest: cpu,
    };
  } finally {
    for (const pair of pairs) pair.socket.disconnect();
  }
  return figures;
});

// 3. Both workers, as npm start serves them: the visitor's pages.
const base = `http://127.0.0.1:${PORT}`;
const envFile = ensureDevVars({ appUrl: base, stateDir: path.relative(root, ownDir) });
buildApp();
const server = serveApp({ port: PORT, stateDir, envFile });

/** Sequential visitor GETs (as many as `limits` allow) cycling through `paths`; every answer must hold `marker`. */
async function timedPages(paths, limits, marker) {
  const samples = [];
  const start = performance.now();
  for (let i = 0; keepGoing(i, performance.now() - start, limits); i += 1) {
    const url = `${base}${paths[i % paths.length]}`;
    const start = performance.now();
    const response = await fetch(url, { headers: { accept: 'text/html' }, redirect: 'manual' });
    const html = await response.text();
    samples.push(performance.now() - start);
    if (response.status !== 200 || !html.includes(marker)) throw new Error(`${url} answered ${response.status} without ${marker}: ${html.slice(0, 200)}`);
  }
  return samples;
}

let loadPages = 0;
const pages = {};
try {
  await waitFor(`${base}/api/session/health`, 120_000);
  for (const kind of PAGE_KINDS) await timedPages(kind.paths, WARMUP_LIMITS, kind.marker);
  loadPages = loadavg()[0];
  for (const kind of PAGE_KINDS) {
    const cpuBefore = workerdCpuSeconds();
    const samples = await timedPages(kind.paths, TIMED_LIMITS, kind.marker);
    pages[kind.name] = {
      path: kind.paths[0].replace(/[^/]+$/, '<slug>'),
      pages: kind.paths.length,
      ...timing(samples),
      budget: PAGE_MEDIAN,
      ...pageUsage[kind.name],
      cpuMsPerRequest: cpuMsPerRequest(cpuBefore, workerdCpuSeconds(), samples.length),
    };
  }
} finally {
  server.kill('SIGTERM');
}

const kinds = { ...api, ...pages };
console.log(
  `\n${args.label}: ${state.members.toLocaleString('en')} members, sequential requests on loopback (up to ${ROUNDS} per kind; D1 figures per request, from metered requests):`,
);
console.table(
  Object.fromEntries(
    Object.entries(kinds).map(([name, k]) => [
      name,
      {
        'median ms': k.medianMs,
        'p95 ms': k.p95Ms,
        budget: `${k.budget.statistic} ≤ ${k.budget.ms}`,
        'rows read': k.rowsRead ?? '',
        'rows written': k.rowsWritten ?? '',
        queries: k.queries ?? '',
        'CPU ms ≤': k.cpuMsPerRequest,
      },
    ]),
  ),
);
const all = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
all[args.label] = {
  members: state.members,
  stateDir: path.relative(root, stateDir).startsWith('..') ? stateDir : path.relative(root, stateDir),
  signIns: { members: state.picked.length, medianAcceptedConnections: state.medianConnections, medianThreads: state.medianThreads, sampled: state.candidates },
  loadAverage: { api: Number(loadApi.toFixed(2)), pages: Number(loadPages.toFixed(2)) },
  rounds: ROUNDS,
  kindSeconds: KIND_SECONDS,
  cpuNote: 'CPU ms per request: CPU seconds of the local workerd over the timed requests / requests; an upper bound (it also runs D1, the rate limiter and the live objects)',
  kinds,
  measuredAt: new Date().toISOString(),
};
writeFileSync(resultsFile, `${JSON.stringify(all, null, 2)}\n`);
const over = overBudget(kinds);
if (over.length > 0) {
  console.error(`Over budget:\n  ${over.join('\n  ')}`);
  if (!args.noFail) process.exit(1);
} else console.log('Every budgeted request is within its budget.');
process.exit(0);
