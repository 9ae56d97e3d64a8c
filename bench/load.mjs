// Load proof (issue 13): realistic member traffic at RATE requests/s for DURATION s against
// the local stack, through the door the browser uses (the app's session proxy,
// /api/session/<api path>, with each member's `token` cookie, Origin and address), while
// SOCKETS live sockets of the same members stay open. It checks:
//   - every request answers 2xx (no errors, no timeouts, nothing refused);
//   - every message stored reaches every socket of its recipient exactly once (by message
//     id), and so does every notification of a comment (by notification id) and every like
//     (per socket, as many post.liked events as the likes stored for the member);
// and reports p50/p95/p99 per request kind, the rate reached, the load average and the CPU
// seconds of workerd, wrangler, the HTTP load generator and the sockets' process.
//
//   npm run bench:load          (run it in a clone: it builds into dist/ like npm start)
//
// The state (.wrangler/bench-load, wiped first) holds 2,000 members and 10,000 posts
// (bench/lib/feed-data.mjs), ACTIVE members who sign in, with 3 × ACTIVE conversations between
// them (bench/lib/load-data.mjs; they go into the members' mailboxes through the development
// route once the stack runs), then the demo data of `npm start` (BENCH_REUSE=1: the state an
// earlier run loaded). Afterwards the messages and comment notifications stored are read
// back through the API as each member sees them (they live in the members' objects, which
// nothing outside the worker reads), before the stack stops. Each kind of request is
// one autocannon instance with its own share of the rate; each request is a random active
// member's: a feed page (1–5), a like or unlike of a recent post by another active member,
// a comment on one, a search (founders or profiles, filters or words), one of their
// threads read (30 messages) or a message sent in one. Records bench/results.json under
// 'load'; exits 1 on any error, lost or duplicated delivery or dropped socket.
import { fork } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root } from '../scripts/lib/run.mjs';
import { importLoadMailboxes, loadLoadBench, selectAll } from './lib/load-data.mjs';
import { median, percentile, recordBenchmark } from './lib/report.mjs';
import { mapLimit, sessionHeaders, signIn } from './lib/session-member.mjs';
import { groupCpu, signalStack, startStack } from './lib/stack.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4655);
const RATE = Number(process.env.RATE ?? 200);
const DURATION = Number(process.env.DURATION ?? 60);
const ACTIVE = Number(process.env.ACTIVE ?? 200);
const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const STATE_DIR = '.wrangler/bench-load';
const SETTLE_MS = 3000;
const PER_MEMBER = Math.ceil(SOCKETS / ACTIVE);

/** Each kind's share of the rate (sums to 1). */
const MIX = { feed: 0.25, like: 0.15, comment: 0.075, search: 0.15, thread: 0.2, send: 0.175 };
const SEARCHES = [
  'founder/search?limit=20&page=1',
  'founder/search?limit=20&page=1&skills=engineering&industries=fintech&remote=true',
  'founder/search?limit=20&page=2&technical=false&commitment=full-time',
  'founder/search?limit=20&page=1&q=payroll',
  'profiles/search?_sort=profilePicture:DESC,legacyProfilePicture:DESC,createdAt:DESC&_limit=20&_page=1&industries=climate',
  'profiles/search?_sort=profilePicture:DESC,legacyProfilePicture:DESC,createdAt:DESC&_limit=20&_page=1&q=lagos&remote=true',
  'advisor/search?limit=21&page=1&expertise=fundraising',
];
const COMMENTS = ['Congrats on the launch!', 'This is great, would love to hear more.', 'How did you find your first customers?', 'Following this closely.'];
const LINES = ['Are we still on for Thursday?', 'Sending the deck now.', 'Thanks, that helps a lot.', 'Can you intro me to your lawyer?', 'Loved the demo.'];

/** One decimal; null when there is no figure (a kind none of whose requests was answered). */
const round = (ms) => (ms === undefined ? null : Number(ms.toFixed(1)));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

console.log(`• loading ${STATE_DIR}: 2,000 members, 10,000 posts, ${ACTIVE} active members with ${3 * ACTIVE} threads between them`);
const data = await loadLoadBench(STATE_DIR, { active: ACTIVE, reuse: Boolean(process.env.BENCH_REUSE) });
console.log(`  loaded in ${data.loadSeconds} s; ${data.posts.length} recent posts by active members`);

console.log(`• starting the stack on port ${PORT} (scripts/start.mjs: build, migrate, cities, demo data)`);
const stack = await startStack({ port: PORT, stateDir: STATE_DIR });
const base = stack.base;
if (data.mailboxes.size > 0) {
  const importing = performance.now();
  const copies = await importLoadMailboxes(base, data);
  console.log(`  filled ${data.mailboxes.size} mailboxes with ${copies} message copies (${((performance.now() - importing) / 1000).toFixed(1)} s)`);
}
let socketsChild = null;
const stopAll = async () => {
  socketsChild?.kill('SIGTERM');
  await signalStack(stack.group, 'SIGTERM');
};
// A failure anywhere stops the stack too (it runs in a process group of its own) and shows its last words.
process.on('uncaughtException', async (error) => {
  console.error(error, `\n--- the stack's last output:\n${stack.output().slice(-4000)}`);
  await stopAll();
  process.exit(1);
});

console.log(`• signing in ${ACTIVE} members through the app, one at a time (scrypt each, in a Worker's 128 MB)`);
const signInStarted = performance.now();
const signInFailures = [];
const members = await mapLimit(data.members, 1, async (member, i) => {
  const ip = `10.66.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  // Setup, not the measured phase: a failed sign-in is tried again (twice), and reported.
  let session;
  for (let attempt = 1; !session; attempt += 1) {
    try {
      session = await signIn(base, member.email, member.password, ip);
    } catch (error) {
      signInFailures.push(error.message);
      if (attempt === 3) throw error;
    }
  }
  if (session.id !== member.id) throw new Error(`${member.email} signed in as ${session.id}`);
  return { ...member, ...session, headers: sessionHeaders(base, session.token, session.ip) };
});
console.log(
  `  ${members.length} signed in (${((performance.now() - signInStarted) / 1000).toFixed(1)} s)${signInFailures.length ? `; tried again after: ${signInFailures.join(' | ')}` : ''}`,
);

console.log(`• opening ${PER_MEMBER * ACTIVE} live sockets (${PER_MEMBER} per member) in a process of their own`);
socketsChild = fork(path.join(root, 'bench/lib/load-sockets.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const fromSockets = (type) =>
  new Promise((resolve, reject) =>
    socketsChild.on('message', (message) => {
      if (message.type === type) resolve(message);
      else if (message.type === 'failed') reject(new Error(`sockets: ${message.error}`));
    }),
  );
const opening = fromSockets('opened');
socketsChild.send({ type: 'open', base, members: members.map((m) => ({ id: m.id, token: m.token })), perMember: PER_MEMBER });
const opened = await opening;
console.log(`  ${opened.sockets} sockets connected (${(opened.ms / 1000).toFixed(1)} s)`);

// The posts members like and comment on: recent posts of other active members.
const postsNotBy = (memberId) => data.posts.filter((post) => post.author !== memberId);
const likeTargets = new Map(members.map((m) => [m.id, postsNotBy(m.id).slice(0, 400)]));
const liked = new Set();
// Members drawn at random; thread reads and sends by those who have a thread (a few have none).
const talkers = members.filter((m) => m.threads.length > 0);

/** A request of one kind by a random active member. */
const KINDS = {
  feed: () => ({ method: 'GET', path: `feed-post?page=${1 + Math.floor(Math.random() * 5)}&limit=20&sortBy=createdAt&order=desc` }),
  like: (m) => {
    const post = pick(likeTargets.get(m.id));
    const key = `${m.id}:${post.id}`;
    const likedByUser = !liked.has(key);
    if (likedByUser) liked.add(key);
    else liked.delete(key);
    return { method: 'POST', path: `feed-post/like-by-user/${post.id}`, json: { likedByUser } };
  },
  comment: (m) => ({ method: 'POST', path: 'feed/comments', json: { postId: pick(likeTargets.get(m.id)).id, text: pick(COMMENTS) } }),
  search: () => ({ method: 'GET', path: pick(SEARCHES) }),
  thread: (m) => ({ method: 'GET', path: `connections/${pick(m.threads).threadId}?limit=30` }),
  send: (m) => {
    const thread = pick(m.threads);
    const boundary = `----load${Math.random().toString(16).slice(2)}`;
    const fields = { body: `${pick(LINES)} (${m.id.slice(-4)})`, connectionId: thread.threadId };
    const body = `${Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('')}--${boundary}--\r\n`;
    return { method: 'POST', path: 'connections/messages', body, contentType: `multipart/form-data; boundary=${boundary}` };
  },
};

const results = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, { times: [], statuses: {}, refused: [], ids: [] }]));

/** One autocannon instance for `kind` at `rate` requests/s. */
function drive(kind, rate) {
  const result = results[kind];
  const instance = autocannon({
    url: base,
    duration: DURATION,
    overallRate: rate,
    connections: Math.max(2, Math.ceil(rate / 4)),
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          const member = pick(kind === 'thread' || kind === 'send' ? talkers : members);
          const made = KINDS[kind](member);
          const headers = { ...member.headers };
          if (made.json) headers['content-type'] = 'application/json';
          if (made.contentType) headers['content-type'] = made.contentType;
          return { ...request, method: made.method, path: `/api/session/${made.path}`, headers, body: made.json ? JSON.stringify(made.json) : made.body };
        },
        onResponse: (status, body) => {
          if (status < 200 || status > 299) {
            if (result.refused.length < 20) result.refused.push(`${status} ${body.slice(0, 200)}`);
            return;
          }
          if (kind === 'send') result.ids.push(JSON.parse(body).message._id);
          if (kind === 'comment') result.ids.push(JSON.parse(body)._id ?? JSON.parse(body).comment?._id);
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    result.times.push(ms);
    result.statuses[status] = (result.statuses[status] ?? 0) + 1;
  });
  return new Promise((resolve, reject) => instance.once('done', resolve).once('error', reject));
}

const uptimeBefore = execFileSync('uptime', { encoding: 'utf8' }).trim();
const loadBefore = loadavg()[0];
if (loadBefore > availableParallelism()) console.warn(`! load average ${loadBefore.toFixed(2)} on ${availableParallelism()} cores before the run: figures will be high`);
console.log(
  `• ${RATE} requests/s for ${DURATION} s (${Object.entries(MIX)
    .map(([k, share]) => `${k} ${round(RATE * share)}/s`)
    .join(', ')}); ${uptimeBefore}`,
);
const startedAt = new Date().toISOString();
const cpuBefore = { stack: groupCpu(stack.group), generator: process.cpuUsage() };
const wallStart = performance.now();
let loadDuring = 0;
const sampler = setInterval(() => (loadDuring = Math.max(loadDuring, loadavg()[0])), 5000);
const finished = await Promise.all(Object.entries(MIX).map(([kind, share]) => drive(kind, RATE * share)));
clearInterval(sampler);
const wallSeconds = (performance.now() - wallStart) / 1000;
const generatorCpu = process.cpuUsage(cpuBefore.generator);
const cpuAfter = groupCpu(stack.group);
const uptimeAfter = execFileSync('uptime', { encoding: 'utf8' }).trim();

await sleep(SETTLE_MS); // events still on their way
const reporting = fromSockets('report');
socketsChild.send({ type: 'report' });
const report = await reporting;
socketsChild.send({ type: 'close' });

/** A member's GET through the session proxy, as JSON. */
async function getAs(member, apiPath) {
  const answer = await fetch(`${base}/api/session/${apiPath}`, { headers: member.headers });
  if (answer.status !== 200) throw new Error(`${apiPath} answered ${member.email} ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
  return answer.json();
}

/** The messages since `since` in a member's mailbox, thread by thread, newest page first: `{ id, to, reader }`. */
async function messagesSince(member, since) {
  const found = [];
  for (const { threadId } of member.threads) {
    for (let before = null; ; ) {
      const page = await getAs(member, `connections/${threadId}?limit=100${before ? `&before=${before}` : ''}`);
      const recent = page.messages.filter((message) => message.createdAt >= since);
      found.push(...recent.map((message) => ({ id: message._id, to: message.to, reader: member.id })));
      if (!page.hasMore || recent.length < page.messages.length) break;
      before = page.messages[0]._id;
    }
  }
  return found;
}

/** A member's comment notifications since `since`, newest page first: `{ id, user_id }`. */
async function commentNotesSince(member, since) {
  const found = [];
  for (let page = 1; ; page += 1) {
    const { data: notes } = await getAs(member, `notifications?limit=50&page=${page}`);
    const recent = notes.filter((note) => note.createdAt >= since);
    found.push(...recent.filter((note) => note.kind === 'post.commented').map((note) => ({ id: note._id, user_id: member.id })));
    if (recent.length < 50) return found;
  }
}

// What was stored: the messages and notifications as each member's objects hold them (read
// through the API before the stack stops), the likes' events from D1 after it stopped. A
// message counts as stored when either member's mailbox holds it; one missing from its
// recipient's mailbox is a delivery lost between the two.
console.log('• reading what was stored');
const copies = (await mapLimit(members, 4, (member) => messagesSince(member, startedAt))).flat();
const storedMessages = [...new Map(copies.map((copy) => [copy.id, { id: copy.id, to_id: copy.to }])).values()];
const inRecipientMailbox = new Set(copies.filter((copy) => copy.reader === copy.to).map((copy) => copy.id));
const missingFromRecipient = storedMessages.filter((message) => !inRecipientMailbox.has(message.id)).length;
const commentNotes = (await mapLimit(members, 4, (member) => commentNotesSince(member, startedAt))).flat();
await stopAll();
const likeEvents = selectAll(
  STATE_DIR,
  `SELECT subject_id, count(*) AS n FROM domain_events WHERE type = 'post.liked' AND created_at >= '${startedAt}' GROUP BY subject_id ORDER BY subject_id`,
);

// Deliveries: each stored item, to each socket of its recipient, exactly once.
const socketsOf = new Map();
for (const socket of report.sockets) socketsOf.set(socket.member, [...(socketsOf.get(socket.member) ?? []), socket]);
const delivery = {
  messages: { expected: 0, delivered: 0, lost: 0, duplicated: 0 },
  comments: { expected: 0, delivered: 0, lost: 0, duplicated: 0 },
  likes: { expected: 0, delivered: 0, lost: 0, duplicated: 0 },
};
const check = (figures, count) => {
  figures.expected += 1;
  if (count >= 1) figures.delivered += 1;
  if (count === 0) figures.lost += 1;
  if (count > 1) figures.duplicated += count - 1;
};
for (const socket of report.sockets) {
  socket.messageCounts = new Map(socket.messages);
  socket.commentCounts = new Map();
  socket.likes = 0;
  for (const [key, count] of socket.notifications) {
    const [kind, id] = key.split('|');
    if (kind === 'post.commented') socket.commentCounts.set(id, (socket.commentCounts.get(id) ?? 0) + count);
    if (kind === 'post.liked') socket.likes += count;
  }
}
for (const message of storedMessages) for (const socket of socketsOf.get(message.to_id) ?? []) check(delivery.messages, socket.messageCounts.get(message.id) ?? 0);
for (const note of commentNotes) for (const socket of socketsOf.get(note.user_id) ?? []) check(delivery.comments, socket.commentCounts.get(note.id) ?? 0);
const likesFor = new Map(likeEvents.map((row) => [row.subject_id, row.n]));
for (const socket of report.sockets) {
  const expected = likesFor.get(socket.member) ?? 0;
  delivery.likes.expected += expected;
  delivery.likes.delivered += Math.min(expected, socket.likes);
  delivery.likes.lost += Math.max(0, expected - socket.likes);
  delivery.likes.duplicated += Math.max(0, socket.likes - expected);
}
const storedIds = new Set(storedMessages.map((m) => m.id));
const ackedNotStored = results.send.ids.filter((id) => !storedIds.has(id)).length;
const strayMessages = report.sockets.reduce((sum, s) => sum + s.messages.filter(([id]) => !storedIds.has(id)).length, 0);
const disconnects = report.sockets.flatMap((s) => s.disconnects);
const notConnected = report.sockets.filter((s) => !s.connected).length;

const kinds = Object.fromEntries(
  Object.entries(results).map(([kind, r], i) => {
    const answered = r.times.length;
    const failed = answered - (Object.entries(r.statuses).find(([s]) => s.startsWith('2'))?.[1] ?? 0);
    const run = finished[i];
    return [
      kind,
      {
        targetRate: round(RATE * MIX[kind]),
        requests: answered,
        ratePerSecond: round(answered / DURATION),
        statuses: r.statuses,
        non2xx: Object.entries(r.statuses).reduce((sum, [status, n]) => sum + (status.startsWith('2') ? 0 : n), 0),
        errors: run.errors,
        timeouts: run.timeouts,
        failed,
        p50Ms: round(median(r.times)),
        p95Ms: round(percentile(r.times, 95)),
        p99Ms: round(percentile(r.times, 99)),
        refused: r.refused,
      },
    ];
  }),
);
const all = Object.values(results).flatMap((r) => r.times);
// wrangler's Node threads report as MainThread; workerd runs both workers and their objects.
const label = (command) => (command === 'MainThread' || command === 'node' ? 'node (start.mjs, wrangler)' : command);
const cpu = {};
for (const command of Object.keys(cpuAfter)) cpu[label(command)] = round((cpu[label(command)] ?? 0) + cpuAfter[command] - (cpuBefore.stack[command] ?? 0));
const figures = {
  door: 'app session proxy (/api/session/*, token cookie), sockets through the app origin',
  targetRate: RATE,
  durationSeconds: DURATION,
  wallSeconds: round(wallSeconds),
  requests: all.length,
  ratePerSecond: round(all.length / DURATION),
  p50Ms: round(median(all)),
  p95Ms: round(percentile(all, 95)),
  kinds,
  signInFailures,
  sockets: {
    opened: opened.sockets,
    members: ACTIVE,
    perMember: PER_MEMBER,
    disconnects: disconnects.length,
    disconnectReasons: [...new Set(disconnects)],
    notConnectedAtEnd: notConnected,
  },
  stored: {
    messages: storedMessages.length,
    messagesAcked: results.send.ids.length,
    ackedNotStored,
    missingFromRecipientMailbox: missingFromRecipient,
    commentNotifications: commentNotes.length,
    likeEvents: likeEvents.reduce((s, r) => s + r.n, 0),
  },
  delivery,
  strayMessages,
  machine: {
    cores: availableParallelism(),
    uptimeBefore,
    uptimeAfter,
    loadAverageBefore: Number(loadBefore.toFixed(2)),
    loadAverageMaxDuring: Number(loadDuring.toFixed(2)),
    cpuSeconds: {
      ...Object.fromEntries(Object.entries(cpu).map(([k, v]) => [`stack:${k}`, v])),
      loadGenerator: round((generatorCpu.user + generatorCpu.system) / 1e6),
      socketsProcessTotal: round(report.cpuSeconds),
    },
  },
};

console.log(`\n${figures.requests} requests in ${DURATION} s (${figures.ratePerSecond}/s of ${RATE}/s), through ${figures.door}:`);
console.table(
  Object.fromEntries(
    Object.entries(kinds).map(([kind, k]) => [
      kind,
      { 'target/s': k.targetRate, 'got/s': k.ratePerSecond, requests: k.requests, 'non-2xx': k.non2xx, errors: k.errors, 'p50 ms': k.p50Ms, 'p95 ms': k.p95Ms, 'p99 ms': k.p99Ms },
    ]),
  ),
);
console.table(delivery);
console.log(`sockets: ${opened.sockets} opened, ${disconnects.length} dropped, ${notConnected} not connected at the end; ${strayMessages} stray messages`);
console.log(
  `stored: ${storedMessages.length} messages (${results.send.ids.length} acknowledged, ${ackedNotStored} acknowledged but missing, ${missingFromRecipient} missing from the recipient's mailbox), ${commentNotes.length} comment notifications, ${figures.stored.likeEvents} likes`,
);
console.log(`CPU seconds during the ${round(wallSeconds)} s:`, figures.machine.cpuSeconds);
console.log(`before: ${uptimeBefore}\nafter:  ${uptimeAfter}`);
for (const [kind, k] of Object.entries(kinds)) if (k.refused.length > 0) console.log(`${kind} refused:`, k.refused.slice(0, 5));
recordBenchmark('load', figures);

const failures = [];
const failedRequests = Object.values(kinds).reduce((sum, k) => sum + k.non2xx + k.errors, 0);
if (failedRequests > 0) failures.push(`${failedRequests} requests failed (non-2xx or errors)`);
for (const [what, d] of Object.entries(delivery)) if (d.lost > 0 || d.duplicated > 0) failures.push(`${what}: ${d.lost} lost, ${d.duplicated} duplicated of ${d.expected}`);
if (ackedNotStored > 0) failures.push(`${ackedNotStored} acknowledged messages not stored`);
if (missingFromRecipient > 0) failures.push(`${missingFromRecipient} messages in their sender's mailbox only`);
if (strayMessages > 0) failures.push(`${strayMessages} messages reached a socket that was not their recipient's`);
if (disconnects.length > 0 || notConnected > 0 || opened.sockets !== PER_MEMBER * ACTIVE) failures.push(`sockets: ${disconnects.length} dropped, ${notConnected} not connected`);
if (figures.ratePerSecond < RATE * 0.95) console.warn(`! ${figures.ratePerSecond} requests/s reached, under the ${RATE}/s asked: see the CPU seconds above`);
if (failures.length > 0) {
  console.error(`Failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('No errors, no lost or duplicated deliveries.');
process.exit(0);
