// The bench inbox over the members of bench/lib/profiles-data.mjs: the bench founder
// (member 0) talks with `threads` members (most still connected, some connections removed,
// a few unread), plus threads with the members they blocked (which the list must leave out)
// and a web of conversations between other members. Messages carry replies and attachment
// rows. D1 gets what it keeps (connections, the attachments' rows, the unread marks) as SQL
// statements; the threads and messages go into both members' mailboxes (bench/lib/mailboxes.mjs),
// which count the unread messages and pick each thread's latest one from the rows, once the
// API worker runs. Deterministic: the same members and seed give the same rows.
//
//   const inbox = await loadInboxBench('.wrangler/bench-inbox');   // wiped, members and D1 rows loaded
//   await importInboxBench(base, inbox.inbox);                      // the mailboxes, through the running API
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, runBin } from '../../scripts/lib/run.mjs';
import { importMailboxes, mailboxesOf, pairKey, threadIdOf, unreadThreadRows } from './mailboxes.mjs';
import { BENCH_EMAIL, BENCH_PASSWORD, loadProfilesBench } from './profiles-data.mjs';
import { insertStatements } from '../../scripts/lib/sql.mjs';
import { random } from './random.mjs';

const MINUTE_MS = 60_000;
const LINES = [
  'Hi! Thanks for connecting.',
  'Would you have 20 minutes next week to talk about pricing?',
  "Sure, Tuesday afternoon works for me. What's on your mind?",
  "We're choosing between per seat and per usage, and I'd love a second opinion.",
  'Sending the deck over now, no rush.',
  'Great first read. Can you share churn by customer size?',
  "Here's the sheet, the last tab has the cohorts.",
  'That retention curve is better than most seed companies I see.',
  'Thank you, that means a lot coming from you.',
  "Let's pick this up after your board meeting.",
];

/**
 * The bench inbox over `members` (`{ id }`, member 0 the bench founder, the last `blocked`
 * the ones they blocked): INSERT statements for D1, the mailboxes (member id → rows for
 * POST /dev/inbox/import) and the counts, with the figures the bench checks.
 */
export function inboxBenchData(members, { threads = 1_000, removed = 100, unreadShare = 0.3, blocked = 10, otherThreads = 5_000, seed = 6, now = Date.now() } = {}) {
  const rand = random(seed);
  const idOf = (kind, i) => createHash('sha256').update(`${seed}:${kind}:${i}`).digest('hex').slice(0, 24);
  const rows = { connections: [], threads: [], messages: [], attachments: [] };
  const me = members[0].id;
  let made = 0;
  const expected = { threads: 0, unreadThreads: 0, unreadMessages: 0 };

  /** One thread between `a` and `b`: 2–8 messages over the last months, the newest `unreadFromB` from b unread. */
  function thread(a, b, { unreadFromB = 0, status = 'accepted' } = {}) {
    const index = made++;
    const threadId = threadIdOf(a, b);
    const count = Math.max(2 + Math.floor(rand() * 7), unreadFromB);
    let at = now - Math.floor(rand() * 120 * 24 * 60) * MINUTE_MS - count * 30 * MINUTE_MS;
    const first = new Date(at).toISOString();
    const messages = [];
    for (let i = 0; i < count; i += 1) {
      at += (1 + Math.floor(rand() * 60)) * MINUTE_MS;
      const fromB = i >= count - unreadFromB || rand() < 0.5;
      const message = {
        id: idOf(`message:${index}`, i),
        thread_id: threadId,
        author_id: fromB ? b : a,
        to_id: fromB ? a : b,
        body: LINES[Math.floor(rand() * LINES.length)],
        reply_to_id: i > 0 && rand() < 0.15 ? messages[Math.floor(rand() * i)].id : null,
        read: i >= count - unreadFromB ? 0 : 1,
        created_at: new Date(at).toISOString(),
      };
      messages.push(message);
      if (rand() < 0.08) {
        rows.attachments.push({
          id: idOf(`attachment:${index}`, i),
          owner_id: message.author_id,
          message_id: message.id,
          to_id: message.to_id,
          storage_key: `attachments/${idOf(`key:${index}`, i)}.pdf`,
          name: 'notes.pdf',
          mime: 'application/pdf',
          size: 20_000 + Math.floor(rand() * 200_000),
          width: null,
          height: null,
          position: 0,
          created_at: message.created_at,
        });
      }
    }
    const last = messages.at(-1);
    rows.messages.push(...messages);
    rows.threads.push({ id: threadId, a, b, created_at: first });
    const unread = (userId) => messages.filter((m) => m.to_id === userId && m.read === 0).length;
    rows.connections.push({
      id: idOf('connection', index),
      requester_id: a,
      receiver_id: b,
      pair_key: pairKey(a, b),
      status,
      note: null,
      ignored_at: null,
      responded_at: first,
      created_at: first,
      updated_at: status === 'removed' ? last.created_at : first,
    });
    return unread(a);
  }

  // The bench founder's threads with members 1…threads; the first `removed` connections were removed since.
  let sampleThread = null;
  for (let i = 1; i <= threads; i += 1) {
    const unreadFromB = rand() < unreadShare ? 1 + Math.floor(rand() * 3) : 0;
    const unread = thread(me, members[i].id, { unreadFromB, status: i <= removed ? 'removed' : 'accepted' });
    expected.threads += 1;
    // One with nothing unread: reading it changes no figure the bench checks.
    if (unread === 0) sampleThread = rows.threads.at(-1).id;
    if (unread > 0) {
      expected.unreadThreads += 1;
      expected.unreadMessages += unread;
    }
  }
  // Threads with the members they blocked (their connections ended with the block): left out of everything.
  for (const member of members.slice(members.length - blocked)) thread(me, member.id, { unreadFromB: 2, status: 'removed' });
  // Conversations between other members.
  const taken = new Set(rows.threads.map((row) => pairKey(row.a, row.b)));
  for (let n = 0; n < otherThreads; ) {
    const a = members[1 + Math.floor(rand() * (members.length - 1))].id;
    const b = members[1 + Math.floor(rand() * (members.length - 1))].id;
    if (a === b || taken.has(pairKey(a, b))) continue;
    taken.add(pairKey(a, b));
    thread(a, b, { unreadFromB: rand() < unreadShare ? 1 : 0 });
    n += 1;
  }
  // D1's rows; rows per INSERT: each statement stays under SQLite's 100 KB statement limit in D1.
  const d1Rows = { connections: rows.connections, attachments: rows.attachments, unread_threads: unreadThreadRows(rows.messages) };
  const perStatement = { connections: 200, attachments: 200, unread_threads: 400 };
  const statements = Object.entries(d1Rows).flatMap(([table, list]) => insertStatements(table, list, perStatement[table]));
  const counts = Object.fromEntries(Object.entries({ ...rows, unread_threads: d1Rows.unread_threads }).map(([table, list]) => [table, list.length]));
  return { statements, mailboxes: mailboxesOf(rows.threads, rows.messages), counts, expected, sampleThread };
}

/**
 * Wipes `stateDir`, loads the bench community (loadProfilesBench) and the bench inbox's D1
 * rows; answers the community's data (`member` signs in), the inbox (its counts, expected
 * figures, a sample thread and the mailboxes for importInboxBench), and the seconds taken.
 * `reuse`: the state is already loaded (by an earlier run with the same options, mailboxes
 * included): only the figures are computed again.
 */
export async function loadInboxBench(stateDir, { members = 3_000, reuse = false, ...options } = {}) {
  const started = Date.now();
  const community = reuse ? { member: { email: BENCH_EMAIL, password: BENCH_PASSWORD, userId: null } } : await loadProfilesBench(stateDir, { members });
  const wrangler = (args) => runBin('wrangler', [...args, '--local', '--persist-to', stateDir, '-c', 'functions/wrangler.toml'], { quiet: true, env: { CI: 'true' } });
  // Read back in pages, in the order they were made: member 0 first, the blocked ones last.
  const list = [];
  for (let offset = 0; offset < members; offset += 2000) {
    const output = wrangler(['d1', 'execute', 'DB', '--json', '--command', `SELECT id FROM users ORDER BY rowid LIMIT 2000 OFFSET ${offset}`]);
    list.push(...JSON.parse(output.slice(output.indexOf('['), output.lastIndexOf(']') + 1))[0].results);
  }
  if (community.member.userId && list[0].id !== community.member.userId) throw new Error('the bench founder is not the first member loaded');
  const { statements, ...inbox } = inboxBenchData(list, options);
  if (reuse) return { ...community, inbox, loadSeconds: 0 };
  const file = path.join(root, stateDir, 'inbox.sql');
  writeFileSync(file, `${statements.join('\n')}\n`);
  wrangler(['d1', 'execute', 'DB', '--file', file]);
  return { ...community, inbox, loadSeconds: Number(((Date.now() - started) / 1000).toFixed(1)) };
}

/** Fills the members' mailboxes of `inbox` (from loadInboxBench) through the API worker at `base`; answers the message copies and seconds. */
export async function importInboxBench(base, inbox) {
  const started = Date.now();
  const copies = await importMailboxes(`${base}/dev/inbox/import`, inbox.mailboxes);
  return { copies, seconds: Number(((Date.now() - started) / 1000).toFixed(1)) };
}
