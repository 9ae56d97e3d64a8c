// The bench inboxes go where the app keeps them: each member holds their own copy of their
// conversations in their MemberInbox object (functions/src/inbox/inbox-object.ts; D1 has no
// threads or messages since migration 0033). A bench cannot write an object's storage from
// outside the worker, so it fills the mailboxes through the development route
// POST /dev/inbox/import of a running API worker (ENVIRONMENT=development), as the demo seed
// does (functions/src/dev/seed-inbox.ts): both members of a thread get it under the same
// thread id and the same message ids, the thread id derived from the pair as the send path
// derives it, so that a message the bench sends later lands in the thread it loaded.
import { createHash } from 'node:crypto';
import { mapLimit } from './session-member.mjs';

/** The two ids sorted and joined by ':' (connections, threads). */
export const pairKey = (a, b) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** The thread id of a pair, as threadIdOf in functions/src/inbox/threads.ts derives it: 12 bytes of SHA-256, hex. */
export const threadIdOf = (a, b) =>
  createHash('sha256')
    .update(`thread:${pairKey(a, b)}`)
    .digest()
    .subarray(0, 12)
    .toString('hex');

/**
 * Each member's mailbox from conversations `threads` (`{ id, a, b, created_at }`) and their
 * `messages` (`{ id, thread_id, author_id, to_id, body, reply_to_id, read, created_at }`):
 * a Map of member id → `{ threads, messages }` as the route takes them, the same messages
 * in both members' mailboxes.
 */
export function mailboxesOf(threads, messages) {
  const boxes = new Map();
  const boxOf = (userId) => {
    if (!boxes.has(userId)) boxes.set(userId, { threads: [], messages: [] });
    return boxes.get(userId);
  };
  const pairOf = new Map();
  for (const thread of threads) {
    pairOf.set(thread.id, [thread.a, thread.b]);
    boxOf(thread.a).threads.push({ id: thread.id, other_id: thread.b, created_at: thread.created_at });
    boxOf(thread.b).threads.push({ id: thread.id, other_id: thread.a, created_at: thread.created_at });
  }
  for (const m of messages) {
    const row = { id: m.id, thread_id: m.thread_id, author_id: m.author_id, to_id: m.to_id, body: m.body, reply_to_id: m.reply_to_id, read: m.read, created_at: m.created_at };
    for (const userId of pairOf.get(m.thread_id)) boxOf(userId).messages.push(row);
  }
  return boxes;
}

/**
 * The `unread_threads` rows D1 keeps beside the mailboxes (migration 0033: what the
 * unread-message mail reads), as the send path leaves them: one per member and thread with
 * messages to them unread, since the first of those, naming its sender.
 */
export function unreadThreadRows(messages) {
  const marks = new Map();
  for (const m of messages) {
    if (m.read) continue;
    const key = `${m.to_id}:${m.thread_id}`;
    const mark = marks.get(key);
    if (!mark || m.created_at < mark.since) marks.set(key, { user_id: m.to_id, thread_id: m.thread_id, sender_id: m.author_id, since: m.created_at });
  }
  return [...marks.values()];
}

// Under the API's 64 KB cap on a JSON body (functions/src/body-size.ts), with room for the
// wrapper; and at most the route's 2,000 rows of a kind (functions/src/dev/inbox-routes.ts).
const MAX_BODY_BYTES = 60_000;
const MAX_ROWS = 2_000;

/**
 * The requests that fill one mailbox: its threads first, then its messages oldest first, so
 * that every message finds its thread (and every quote its message) in the mailbox already.
 */
export function importBodies(userId, { threads, messages }) {
  const rows = [
    ...threads.map((row) => ['threads', row]),
    ...[...messages].sort((x, y) => x.created_at.localeCompare(y.created_at) || x.id.localeCompare(y.id)).map((row) => ['messages', row]),
  ];
  /** @type {() => { userId: string; threads: Array<{ id: string; other_id: string; created_at: string }>; messages: typeof messages }} */
  const empty = () => ({ userId, threads: [], messages: [] });
  const overhead = Buffer.byteLength(JSON.stringify(empty()));
  const bodies = [];
  let body = empty();
  let bytes = overhead;
  for (const [kind, row] of rows) {
    const size = Buffer.byteLength(JSON.stringify(row)) + 1;
    if (bytes + size > MAX_BODY_BYTES || body[kind].length === MAX_ROWS) {
      bodies.push(body);
      body = empty();
      bytes = overhead;
    }
    body[kind].push(row);
    bytes += size;
  }
  if (body.threads.length + body.messages.length > 0) bodies.push(body);
  return bodies;
}

/**
 * Fills the mailboxes `boxes` (entries of member id → `{ threads, messages }`) through
 * `url`, the import route (`${api}/dev/inbox/import`, or through the app's session proxy
 * with `headers` carrying its Origin), `concurrency` mailboxes at a time. Answers how many
 * message copies went in; throws unless the route took every one.
 */
export async function importMailboxes(url, boxes, { headers = {}, concurrency = 8 } = {}) {
  const counts = await mapLimit([...boxes], concurrency, async ([userId, box]) => {
    let imported = 0;
    for (const body of importBodies(userId, box)) {
      const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      if (answer.status !== 200) throw new Error(`inbox import for ${userId}: ${answer.status} ${(await answer.text()).slice(0, 500)}`);
      imported += (await answer.json()).imported;
    }
    if (imported !== box.messages.length) throw new Error(`inbox import for ${userId}: ${imported} of ${box.messages.length} messages taken`);
    return imported;
  });
  return counts.reduce((sum, n) => sum + n, 0);
}
