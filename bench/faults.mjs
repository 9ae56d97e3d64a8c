// Fault proof (issue 13): the local stack is killed (SIGKILL to its whole process group:
// start.mjs, wrangler and workerd) in the middle of a stream of writes and started again
// on the same state. It checks that every write the stack acknowledged (a 2xx answer) is
// there afterwards, read back through the API as the app reads it, and that the
// recipient's live socket reconnects and fetches what it missed, as the app's live client
// does (src/lib/live/client.ts reconnects with socket.io-client's backoff, at most 10 s
// apart; the inbox store then reads the open thread again, src/lib/stores/inbox.ts).
//
//   npm run bench:faults        (run it in a clone: it builds into dist/ like npm start)
//
// State in .wrangler/bench-faults (wiped first), with the demo data. The demo member
// writes, three streams at once, through the app's session proxy: messages to Priya in
// their thread, posts, and likes (on the demo posts and on their own new ones). Priya's
// socket (socket.io-client 4.8, websocket only, reconnecting) records the messages it
// receives; after each reconnect it reads the thread (pages of 50 with `before`) and takes
// what it had missed. KILL_AFTER_MS after the streams start the stack is killed; it is
// started again at once; the streams go on for AFTER_MS after it is back. Then every
// acknowledged message must be in the thread and on Priya's side (live or fetched after
// the reconnect), every acknowledged post readable, every acknowledged like liked.
// Records bench/results.json under 'faults'; exits 1 when anything acknowledged is lost.
import { io } from 'socket.io-client';
import { recordBenchmark } from './lib/report.mjs';
import { signIn } from './lib/session-member.mjs';
import { groupProcesses, signalStack, startStack } from './lib/stack.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4657);
const STATE_DIR = '.wrangler/bench-faults';
const KILL_AFTER_MS = Number(process.env.KILL_AFTER_MS ?? 5000);
const AFTER_MS = Number(process.env.AFTER_MS ?? 5000);
const RECONNECT_DELAY_MAX_MS = 10_000; // as the app's live client
const DEMO_PASSWORD = 'demo-password-2026';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

console.log('• starting the stack (scripts/start.mjs --fresh: build, migrate, demo data)');
let stack = await startStack({ port: PORT, stateDir: STATE_DIR, fresh: true });
// However this script ends, the stack (a process group of its own) ends with it.
process.on('exit', () => {
  try {
    process.kill(-stack.group, 'SIGKILL');
  } catch {
    // already stopped
  }
});
const base = stack.base;
const writer = await signIn(base, 'demo@foundermesh.dev', DEMO_PASSWORD, '10.67.0.1');
const reader = await signIn(base, 'priya.raman@foundermesh.dev', DEMO_PASSWORD, '10.67.0.2');
const threads = await (await writer.call('GET', 'connections?limit=20&page=1&msgStatus=all')).json();
const threadId = threads.data.find((thread) => thread.receiver._id === reader.id)?._id;
if (!threadId) throw new Error('the demo member has no thread with Priya');
const feed = await (await writer.call('GET', 'feed-post?page=1&limit=20&sortBy=createdAt&order=desc')).json();
const likeQueue = feed.data.filter((post) => !post.likedByUser).map((post) => ({ id: post._id, slug: post.slug }));

// Priya's socket: what arrives live, and what the reads after each reconnect bring.
const live = new Map();
const fetchedAfterReconnect = new Set();
const reconnects = [];
/** Every message of the thread as `member` reads it (id and text), newest pages first (`before` the oldest seen). */
async function readThread(member) {
  const messages = [];
  let before = '';
  for (;;) {
    const response = await member.call('GET', `connections/${threadId}?limit=50${before ? `&before=${before}` : ''}`);
    if (!response.ok) throw new Error(`reading the thread answered ${response.status}: ${await response.text()}`);
    const page = await response.json();
    messages.push(...page.messages.map((message) => ({ id: message._id, body: message.body })));
    if (!page.hasMore || page.messages.length === 0) return messages;
    before = page.messages[0]._id;
  }
}
const socket = io(base, {
  transports: ['websocket'],
  query: { userId: reader.id, connectionId: threadId },
  extraHeaders: { cookie: `token=${reader.token}` },
  reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
});
socket.on('notification', (payload) => {
  if (payload?.title !== 'New Message') return;
  const id = payload.body.latestMessage._id;
  live.set(id, (live.get(id) ?? 0) + 1);
});
let connects = 0;
let killedAt = 0;
socket.on('connect', async () => {
  connects += 1;
  if (connects === 1) return;
  // A reconnect: events may have been missed meanwhile; read the thread as the app does.
  const at = performance.now();
  try {
    for (const message of await readThread(reader)) fetchedAfterReconnect.add(message.id);
    reconnects.push({ afterKillMs: Math.round(at - killedAt), fetched: fetchedAfterReconnect.size });
  } catch (error) {
    reconnects.push({ afterKillMs: Math.round(at - killedAt), error: String(error.message) });
  }
});
await new Promise((resolve, reject) => {
  socket.once('connect', resolve);
  socket.once('connect_error', reject);
});

// The streams: each write recorded when acknowledged (2xx), with the phase it was sent in.
const acked = { message: [], post: [], like: [] };
const failed = { message: 0, post: 0, like: 0 };
const unknown = { message: [], post: [], like: [] }; // sent, never answered: the kill cut them off
let phase = 'before';
let stopped = false;
async function stream(kind, write) {
  for (let i = 0; !stopped; i += 1) {
    const sentIn = phase;
    try {
      const answer = await write(i);
      if (answer === null) {
        await sleep(50);
        continue;
      }
      acked[kind].push({ ...answer, phase: sentIn });
    } catch (error) {
      failed[kind] += 1;
      if (error.unanswered) unknown[kind].push(error.unanswered);
      await sleep(100);
    }
  }
}
/** A write through the proxy: its JSON answer when 2xx; throws otherwise. */
async function write(method, apiPath, body, marker) {
  let response;
  try {
    response = await writer.call(method, apiPath, body);
  } catch (cause) {
    const error = new Error(`${method} ${apiPath}: ${cause.message}`);
    // Refused: the stack was down and nothing was sent. Anything else: sent, and cut off by the kill.
    if (cause.cause?.code !== 'ECONNREFUSED') error.unanswered = marker ?? apiPath;
    throw error;
  }
  if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}`);
  return response.json();
}
const streams = [
  stream('message', async (i) => {
    const text = `Fault stream message ${i} (${Date.now()})`;
    const form = new FormData();
    form.append('body', text);
    form.append('connectionId', threadId);
    const answer = await write('POST', 'connections/messages', form, text);
    return { id: answer.message._id, text };
  }),
  stream('post', async (i) => {
    const text = `Fault stream post ${i} (${Date.now()})`;
    const form = new FormData();
    form.append('post_by', writer.id);
    form.append('text', text);
    const post = await write('POST', 'feed-post', form, text);
    likeQueue.push({ id: post._id, slug: post.slug });
    return { id: post._id, slug: post.slug };
  }),
  stream('like', async () => {
    const post = likeQueue.shift();
    if (!post) return null;
    try {
      const answer = await write('POST', `feed-post/like-by-user/${post.id}`, JSON.stringify({ likedByUser: true }));
      if (!answer.likedByUser) throw new Error('like answered likedByUser false');
      return post;
    } catch (error) {
      likeQueue.push(post); // liked again later: liking is idempotent
      throw error;
    }
  }),
];

console.log(`• writing: messages, posts and likes, three streams; SIGKILL to the stack after ${KILL_AFTER_MS / 1000} s`);
await sleep(KILL_AFTER_MS);
const processes = groupProcesses(stack.group);
phase = 'restarting';
killedAt = performance.now();
await signalStack(stack.group, 'SIGKILL');
const ackedAtKill = { message: acked.message.length, post: acked.post.length, like: acked.like.length };
console.log(`  killed ${processes.length} processes (${[...new Set(processes.map((p) => p.command))].join(', ')}); acknowledged so far: ${JSON.stringify(ackedAtKill)}`);

console.log('• starting it again on the same state');
const restartStarted = performance.now();
stack = await startStack({ port: PORT, stateDir: STATE_DIR });
const restartSeconds = (performance.now() - restartStarted) / 1000;
phase = 'after';
console.log(`  ready after ${restartSeconds.toFixed(1)} s`);
await sleep(AFTER_MS);
stopped = true;
await Promise.all(streams);
// Let the last events and a reconnect that is still backing off arrive.
const deadline = performance.now() + RECONNECT_DELAY_MAX_MS + 5000;
while ((connects < 2 || reconnects.length === 0) && performance.now() < deadline) await sleep(200);
await sleep(1000);

console.log('• reading everything back through the API');
const stored = await readThread(writer);
const inThread = new Set(stored.map((message) => message.id));
const storedBodies = new Set(stored.map((message) => message.body));
const missingMessages = acked.message.filter((m) => !inThread.has(m.id));
const postChecks = await Promise.all(
  acked.post.map(async (post) => {
    const response = await writer.call('GET', `feed-post/${post.slug}`);
    return response.ok && (await response.json())._id === post.id;
  }),
);
const likeChecks = await Promise.all(
  acked.like.map(async (post) => {
    const response = await writer.call('GET', `feed-post/${post.slug}`);
    return response.ok && (await response.json()).likedByUser === true;
  }),
);
const onReaderSide = acked.message.filter((m) => live.has(m.id) || fetchedAfterReconnect.has(m.id));
const duplicatedLive = [...live.values()].filter((n) => n > 1).length;
// Sends the kill cut off before their answer: stored or not, either is right (nobody was told it was).
const unansweredStored = unknown.message.filter((text) => storedBodies.has(text)).length;
socket.disconnect();
await signalStack(stack.group, 'SIGTERM');

const count = (list, wanted) => list.filter((item) => item.phase === wanted).length;
const figures = {
  killedProcesses: processes.map((p) => p.command),
  killAfterMs: KILL_AFTER_MS,
  restartSeconds: Number(restartSeconds.toFixed(1)),
  acknowledged: Object.fromEntries(
    Object.entries(acked).map(([kind, list]) => [
      kind,
      { total: list.length, beforeKill: count(list, 'before'), whileRestarting: count(list, 'restarting'), afterReady: count(list, 'after') },
    ]),
  ),
  refusedWhileDown: Object.fromEntries(Object.entries(failed).map(([kind, n]) => [kind, n - unknown[kind].length])),
  unansweredAtKill: { messages: unknown.message.length, messagesStoredAnyway: unansweredStored, posts: unknown.post.length, likes: unknown.like.length },
  found: { messages: acked.message.length - missingMessages.length, posts: postChecks.filter(Boolean).length, likes: likeChecks.filter(Boolean).length },
  lost: { messages: missingMessages.length, posts: postChecks.filter((ok) => !ok).length, likes: likeChecks.filter((ok) => !ok).length },
  socket: {
    connects,
    reconnects,
    messagesLive: acked.message.filter((m) => live.has(m.id)).length,
    messagesFetchedAfterReconnect: acked.message.filter((m) => !live.has(m.id) && fetchedAfterReconnect.has(m.id)).length,
    missingOnReaderSide: acked.message.length - onReaderSide.length,
    duplicatedLive,
    liveAfterRestart: acked.message.filter((m) => m.phase === 'after' && live.has(m.id)).length,
  },
};
console.log(JSON.stringify(figures, null, 2));
recordBenchmark('faults', figures);

const failures = [];
for (const [kind, n] of Object.entries(figures.lost)) if (n > 0) failures.push(`${n} acknowledged ${kind} lost`);
if (figures.socket.missingOnReaderSide > 0) failures.push(`${figures.socket.missingOnReaderSide} acknowledged messages never reached Priya (live or fetched)`);
if (connects < 2) failures.push('the socket did not reconnect');
if (duplicatedLive > 0) failures.push(`${duplicatedLive} messages arrived twice on the socket`);
if (figures.acknowledged.message.afterReady === 0 || figures.socket.liveAfterRestart === 0) failures.push('no message was acknowledged and delivered live after the restart');
if (ackedAtKill.message === 0 || ackedAtKill.post === 0 || ackedAtKill.like === 0) failures.push('a stream had nothing acknowledged before the kill');
if (failures.length > 0) {
  console.error(`Failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('Every acknowledged write survived the kill; the socket reconnected and fetched what it missed.');
process.exit(0);
