// Connections budget (issue 4): GET /connection/status and GET /connection/count answer
// with a p95 of at most 20 ms for a member with 5,000 connections among 10,000 members.
//
//   node bench/connections.mjs        (through npm's Node 24: npx node bench/connections.mjs)
//
// In a state folder of its own (.wrangler/bench-connections, wiped first) it applies the
// migrations, loads the members and connections with `wrangler d1 execute --file`, starts
// the API worker alone with `wrangler dev`, signs in through POST /auth/user-login, warms
// up, then times ROUNDS sequential requests per endpoint on loopback and records the
// median and p95 in bench/results.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { hashPassword } from './lib/password.mjs';
import { root, runBin } from '../scripts/lib/run.mjs';
import { median, percentile, recordBenchmark, timedGets } from './lib/report.mjs';
import { insertStatements } from '../scripts/lib/sql.mjs';
import { runningWorker } from './lib/worker.mjs';
import { random } from './lib/random.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 4592);
const BUDGET_P95_MS = 20;
const MEMBERS = 10_000;
const CONNECTIONS = 5_000;
const RECEIVED = 200;
const SENT = 100;
const IGNORED = 50;
const OTHER_CONNECTIONS = 10_000;
const BLOCKED = 10;
const STATE_DIR = '.wrangler/bench-connections';
const EMAIL = 'bench@foundermesh.dev';
const PASSWORD = 'bench-password-2026';
const DAY_MS = 86_400_000;

const stateDir = path.join(root, STATE_DIR);
const now = Date.now();

const rand = random(2026);
const daysAgo = (max) => new Date(now - rand() * max * DAY_MS).toISOString();
const newId = () => randomBytes(12).toString('hex');
const pairKey = (a, b) => (a < b ? `${a}:${b}` : `${b}:${a}`);

async function members() {
  const benchHash = await hashPassword(PASSWORD);
  const users = [];
  const founders = [];
  const advisors = [];
  for (let i = 0; i < MEMBERS; i += 1) {
    const advisor = i > 0 && rand() < 0.3;
    const createdAt = i === 0 ? new Date(now - 400 * DAY_MS).toISOString() : daysAgo(365);
    const user = {
      id: newId(),
      email: i === 0 ? EMAIL : `member${i}@bench.foundermesh.dev`,
      password_hash: i === 0 ? benchHash : 'no-login',
      first_name: i === 0 ? 'Bench' : `Member${i}`,
      last_name: i === 0 ? 'Founder' : "O'Bench", // a quote in every row: the escaping is exercised
      member_type: advisor ? 'advisor' : 'founder',
      onboarded: i === 0 || rand() < 0.95 ? 1 : 0,
      email_verified: 1,
      created_at: createdAt,
      updated_at: createdAt,
    };
    users.push(user);
    const picture = rand() < 0.5 ? `avatars/${user.id}.webp` : null;
    const record = { id: newId(), user_id: user.id, profile_picture_url: picture, profile_banner_url: null, created_at: createdAt, updated_at: createdAt };
    if (advisor) advisors.push({ ...record, name: `${user.first_name} ${user.last_name}`, position: `Advisor #${i}`, slug: `member${i}-advisor` });
    else founders.push({ ...record, first_name: user.first_name, last_name: user.last_name, tagline: `Founder #${i}`, slug: `member${i}` });
  }
  return { users, founders, advisors };
}

/** 5,000 connections of the bench member, its pending and ignored requests, and a web of others. */
function connectionRows(users) {
  const me = users[0].id;
  const rows = [];
  const taken = new Set();
  const add = (requesterId, receiverId, status) => {
    const key = pairKey(requesterId, receiverId);
    if (requesterId === receiverId || taken.has(key)) return false;
    taken.add(key);
    const createdAt = daysAgo(300);
    const answered = status === 'accepted' || status === 'ignored';
    rows.push({
      id: newId(),
      requester_id: requesterId,
      receiver_id: receiverId,
      pair_key: key,
      status,
      note: rand() < 0.3 ? "Let's connect: we're both building for clinics." : null,
      ignored_at: status === 'ignored' ? createdAt : null,
      responded_at: answered ? createdAt : null,
      created_at: createdAt,
      updated_at: createdAt,
    });
    return true;
  };
  let next = 1;
  for (let i = 0; i < CONNECTIONS; i += 1, next += 1) i % 2 ? add(me, users[next].id, 'accepted') : add(users[next].id, me, 'accepted');
  for (let i = 0; i < RECEIVED; i += 1, next += 1) add(users[next].id, me, 'pending');
  for (let i = 0; i < SENT; i += 1, next += 1) add(me, users[next].id, 'pending');
  for (let i = 0; i < IGNORED; i += 1, next += 1) add(users[next].id, me, 'ignored');
  for (let made = 0; made < OTHER_CONNECTIONS; ) {
    const a = 1 + Math.floor(rand() * (MEMBERS - 1));
    const b = 1 + Math.floor(rand() * (MEMBERS - 1));
    if (add(users[a].id, users[b].id, 'accepted')) made += 1;
  }
  const blocks = users.slice(MEMBERS - BLOCKED).map((user) => ({ blocker_id: me, blocked_id: user.id, created_at: daysAgo(30) }));
  return { connections: rows, blocks };
}

function wrangler(args) {
  runBin('wrangler', [...args, '--local', '--persist-to', STATE_DIR, '-c', 'functions/wrangler.toml'], { quiet: true, env: { CI: 'true' } });
}

/** Writes the statements to a file and runs it against the local D1. */
function execute(name, statements) {
  const file = path.join(stateDir, `${name}.sql`);
  writeFileSync(file, `${statements.join('\n')}\n`);
  wrangler(['d1', 'execute', 'DB', '--file', file]);
}

async function load() {
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  let started = Date.now();
  wrangler(['d1', 'migrations', 'apply', 'DB']);
  console.log(`• migrations applied (${Date.now() - started} ms)`);

  started = Date.now();
  const { users, founders, advisors } = await members();
  const { connections, blocks } = connectionRows(users);
  execute('users', insertStatements('users', users));
  execute('profiles', [...insertStatements('founders', founders), ...insertStatements('advisors', advisors)]);
  execute('connections', [...insertStatements('connections', connections), ...insertStatements('blocks', blocks)]);
  console.log(`• loaded ${users.length} members, ${connections.length} connection rows and ${blocks.length} blocks (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return { connections: connections.length };
}

const round = (ms) => Number(ms.toFixed(2));

const ENDPOINTS = [
  { name: 'status accepted page 1', path: '/connection/status?limit=10&_type=accepted&page=1', check: (b) => b.total === CONNECTIONS && b.data.length === 10 },
  { name: 'status accepted page 50', path: '/connection/status?limit=10&_type=accepted&page=50', check: (b) => b.page === 50 && b.data.length === 10 },
  { name: 'status received page 1', path: '/connection/status?limit=10&_type=received&page=1', check: (b) => b.total === RECEIVED && b.data.length === 10 },
  { name: 'count', path: '/connection/count', check: (b) => b.accepted === CONNECTIONS && b.received === RECEIVED && b.sent === SENT && b.blocked === BLOCKED },
  // Not budgeted: the floor of any request (no session, no query), the floor of a signed-in
  // one (token check and one account query), and the suggestions, so a regression shows.
  { name: 'floor: GET /health', path: '/health', budget: false, check: (b) => b.ok === true },
  { name: 'floor: GET /auth/me', path: '/auth/me', budget: false, check: (b) => b.user?.email === EMAIL || b.email === EMAIL },
  { name: 'you-might-like (no budget)', path: '/connection/you-might-like?limit=10', rounds: 100, budget: false, check: (b) => b.data.length === 10 },
];

const { connections } = await load();
let loadBefore = 0;
const envFile = path.join(stateDir, 'bench.vars');
writeFileSync(envFile, `ENVIRONMENT=development\nJWT_SECRET=${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });

const results = await runningWorker({ config: 'functions/wrangler.toml', port: PORT, stateDir: STATE_DIR, envFile, readyPath: '/health' }, async (base) => {
  const login = await fetch(`${base}/auth/user-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { jwt } = await login.json();

  const figures = {};
  for (const endpoint of ENDPOINTS) await timedGets(`${base}${endpoint.path}`, jwt, WARMUP);
  // The machine may be shared: say how busy it was, since every figure moves with it.
  loadBefore = loadavg()[0];
  if (loadBefore > availableParallelism()) console.warn(`! load average ${loadBefore.toFixed(2)} on ${availableParallelism()} cores: figures will be high`);
  for (const endpoint of ENDPOINTS) {
    const { samples, body } = await timedGets(`${base}${endpoint.path}`, jwt, endpoint.rounds ?? ROUNDS);
    if (!endpoint.check(body)) throw new Error(`${endpoint.path} answered unexpected data: ${JSON.stringify(body).slice(0, 300)}`);
    figures[endpoint.name] = {
      path: endpoint.path,
      requests: samples.length,
      medianMs: round(median(samples)),
      p95Ms: round(percentile(samples, 95)),
      budgeted: endpoint.budget !== false,
    };
  }
  return figures;
});

console.log(`\nA member with ${CONNECTIONS.toLocaleString('en')} connections among ${MEMBERS.toLocaleString('en')} members, sequential requests on loopback:`);
console.table(Object.fromEntries(Object.entries(results).map(([name, figure]) => [name, { requests: figure.requests, 'median ms': figure.medianMs, 'p95 ms': figure.p95Ms }])));
const over = Object.entries(results).filter(([, figure]) => figure.budgeted && figure.p95Ms > BUDGET_P95_MS);
recordBenchmark('connections', {
  members: MEMBERS,
  connections: CONNECTIONS,
  connectionRows: connections,
  budgetP95Ms: BUDGET_P95_MS,
  loadAverage: Number(loadBefore.toFixed(2)),
  endpoints: results,
});
if (over.length > 0) {
  console.error(`Over the ${BUDGET_P95_MS} ms p95 budget: ${over.map(([name]) => name).join(', ')}`);
  process.exit(1);
}
console.log(`Every budgeted endpoint is within p95 ≤ ${BUDGET_P95_MS} ms.`);
