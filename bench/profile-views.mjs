// Profile views (issue 18, "Partition"): GET /profile/views and GET /profile/viewed for a
// Premium member with VIEWERS viewers over 120 days (90 in the window) among MEMBERS members,
// and OTHER_VIEWS views between other members, BLOCKED of the viewers blocked (10; BLOCKED=0
// for a member who blocked nobody), median and p95 of sequential requests.
//
//   node bench/profile-views.mjs        (through npm's Node 24: npx node bench/profile-views.mjs)
//
// In a state folder of its own (.wrangler/bench-profile-views, wiped first) it applies the
// migrations and loads the members with `wrangler d1 execute --file`. The views go where the
// code keeps them: into D1's profile_views while that table exists (before migration 0025),
// otherwise into the members' MemberProfileViews objects through the development route
// POST /dev/profile-views/import once the API worker runs. Records bench/results.json
// under "profile-views"; no budget (the figure is compared before and after the move).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { hashPassword } from './lib/password.mjs';
import { root } from '../scripts/lib/run.mjs';
import { d1 } from './lib/load-data.mjs';
import { median, percentile, recordBenchmark, timedGets } from './lib/report.mjs';
import { insertStatements } from '../scripts/lib/sql.mjs';
import { runningWorker } from './lib/worker.mjs';
import { random } from './lib/random.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 4620);
const MEMBERS = 10_000;
const VIEWERS = 2_000;
const OTHER_VIEWS = 100_000;
const BLOCKED = Number(process.env.BLOCKED ?? 10);
const STATE_DIR = '.wrangler/bench-profile-views';
const EMAIL = 'bench@foundermesh.dev';
const PASSWORD = 'bench-password-2026';
const DAY_MS = 86_400_000;

const stateDir = path.join(root, STATE_DIR);
const now = Date.now();
const rand = random(2026);
const newId = () => randomBytes(12).toString('hex');
const viewsInD1 = !readdirSync(path.join(root, 'functions/migrations')).some((name) => name.includes('profile_views_to_objects'));

function execute(name, statements) {
  const file = path.join(stateDir, `${name}.sql`);
  writeFileSync(file, `${statements.join('\n')}\n`);
  d1(STATE_DIR, ['execute', 'DB', '--file', file]);
}

/** Members (the bench member first, Premium), their founder profiles, and the views: `{ viewer, viewed, at, private }`. */
async function community() {
  const hash = await hashPassword(PASSWORD);
  const users = [];
  const founders = [];
  for (let i = 0; i < MEMBERS; i += 1) {
    const createdAt = new Date(now - 400 * DAY_MS).toISOString();
    const user = {
      id: newId(),
      email: i === 0 ? EMAIL : `member${i}@bench.foundermesh.dev`,
      password_hash: i === 0 ? hash : 'no-login',
      first_name: i === 0 ? 'Bench' : `Member${i}`,
      last_name: "O'Viewer",
      member_type: 'founder',
      role_type: i === 0 ? 'premium' : 'free',
      onboarded: 1,
      email_verified: 1,
      created_at: createdAt,
      updated_at: createdAt,
    };
    users.push(user);
    founders.push({
      id: newId(),
      user_id: user.id,
      first_name: user.first_name,
      last_name: user.last_name,
      tagline: `Founder #${i}`,
      slug: `viewer${i}`,
      created_at: createdAt,
      updated_at: createdAt,
    });
  }
  const views = [];
  const key = new Set();
  const add = (viewer, viewed, at, isPrivate) => {
    const day = at.slice(0, 10);
    if (viewer === viewed || key.has(`${viewer}:${viewed}:${day}`)) return;
    key.add(`${viewer}:${viewed}:${day}`);
    views.push({ viewer, viewed, at, private: isPrivate });
  };
  const me = users[0].id;
  for (let i = 1; i <= VIEWERS; i += 1) add(users[i].id, me, new Date(now - rand() * 120 * DAY_MS).toISOString(), rand() < 0.1);
  // The bench member looked at a few hundred profiles too (GET /profile/viewed).
  for (let i = 0; i < 500; i += 1) add(me, users[1 + Math.floor(rand() * (MEMBERS - 1))].id, new Date(now - rand() * 120 * DAY_MS).toISOString(), false);
  for (let i = 0; i < OTHER_VIEWS; i += 1) {
    const viewer = users[1 + Math.floor(rand() * (MEMBERS - 1))].id;
    const viewed = users[1 + Math.floor(rand() * (MEMBERS - 1))].id;
    add(viewer, viewed, new Date(now - rand() * 120 * DAY_MS).toISOString(), false);
  }
  // Some of the viewers are blocked: the lists leave them out.
  const blocks = users.slice(1, 1 + BLOCKED).map((user) => ({ blocker_id: me, blocked_id: user.id, created_at: new Date(now - DAY_MS).toISOString() }));
  return { users, founders, views, blocks, me };
}

rmSync(stateDir, { recursive: true, force: true });
mkdirSync(stateDir, { recursive: true });
d1(STATE_DIR, ['migrations', 'apply', 'DB']);
const { users, founders, views, blocks, me } = await community();
execute('users', insertStatements('users', users));
execute('founders', [...insertStatements('founders', founders), ...insertStatements('blocks', blocks)]);
if (viewsInD1) {
  const rows = views.map((view) => ({ viewer_id: view.viewer, viewed_id: view.viewed, day: view.at.slice(0, 10), private: view.private ? 1 : 0, viewed_at: view.at }));
  execute('views', insertStatements('profile_views', rows));
}
console.log(`• ${users.length} members, ${views.length} views (${viewsInD1 ? 'in D1' : 'in the members’ objects'})`);

const envFile = path.join(stateDir, 'bench.vars');
writeFileSync(envFile, `ENVIRONMENT=development\nJWT_SECRET=${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
const round = (ms) => Number(ms.toFixed(2));
const ENDPOINTS = [
  { name: 'GET /profile/views', path: '/profile/views?limit=20', check: (b) => b.premium === true && b.data.length === 20 && b.total > 1000 },
  { name: 'GET /profile/viewed', path: '/profile/viewed?limit=20', check: (b) => b.data.length === 20 && b.total > 100 },
];
let loadBefore = 0;

const results = await runningWorker({ config: 'functions/wrangler.toml', port: PORT, stateDir: STATE_DIR, envFile, readyPath: '/health' }, async (base) => {
  if (!viewsInD1) {
    // The bench member's object holds both lists (the other members' objects play no part in
    // its requests): their viewers and whom they viewed, 400 rows per request (the 64 KB body cap).
    const rows = views.flatMap((view) => [
      ...(view.viewed === me ? [{ userId: me, side: 'viewers', memberId: view.viewer, private: view.private, viewedAt: view.at }] : []),
      ...(view.viewer === me ? [{ userId: me, side: 'viewed', memberId: view.viewed, private: view.private, viewedAt: view.at }] : []),
    ]);
    const started = Date.now();
    for (let i = 0; i < rows.length; i += 400) {
      const answer = await fetch(`${base}/dev/profile-views/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rows: rows.slice(i, i + 400) }),
      });
      if (answer.status !== 200) throw new Error(`import failed: ${answer.status} ${await answer.text()}`);
    }
    console.log(`• imported ${rows.length} rows into the objects (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  const login = await fetch(`${base}/auth/user-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { jwt } = await login.json();
  const figures = {};
  for (const endpoint of ENDPOINTS) await timedGets(`${base}${endpoint.path}`, jwt, WARMUP);
  loadBefore = loadavg()[0];
  if (loadBefore > availableParallelism()) console.warn(`! load average ${loadBefore.toFixed(2)} on ${availableParallelism()} cores: figures will be high`);
  for (const endpoint of ENDPOINTS) {
    const { samples, body } = await timedGets(`${base}${endpoint.path}`, jwt, ROUNDS);
    if (!endpoint.check(body)) throw new Error(`${endpoint.path} answered unexpected data: ${JSON.stringify(body).slice(0, 300)}`);
    figures[endpoint.name] = { requests: samples.length, medianMs: round(median(samples)), p95Ms: round(percentile(samples, 95)) };
  }
  return figures;
});

console.log(`\nA Premium member with ${VIEWERS.toLocaleString('en')} viewers among ${MEMBERS.toLocaleString('en')} members (${me}), sequential requests on loopback:`);
console.table(Object.fromEntries(Object.entries(results).map(([name, figure]) => [name, { requests: figure.requests, 'median ms': figure.medianMs, 'p95 ms': figure.p95Ms }])));
recordBenchmark('profile-views', {
  store: viewsInD1 ? 'd1' : 'member-objects',
  members: MEMBERS,
  viewers: VIEWERS,
  blocked: BLOCKED,
  views: views.length,
  loadAverage: Number(loadBefore.toFixed(2)),
  endpoints: results,
});
