// The state of the load bench: the feed bench's community and posts (bench/lib/feed-data.mjs,
// smaller), the first `active` members (after the bench founder) able to sign in with the
// bench password, and a web of conversations between them (bench/lib/inbox-data.mjs) so
// that each has threads to read and connected members to write to. Answers the active
// members, their threads and the recent posts they wrote (likes and comments on those
// notify a member who is online), and their mailboxes, which go into the members' objects
// once the stack runs (importLoadMailboxes).
//
//   const data = await loadLoadBench('.wrangler/bench-load', { members: 2000, posts: 10000, active: 200 });
//   await importLoadMailboxes(base, data);   // the stack started on the state
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, runBin } from '../../scripts/lib/run.mjs';
import { loadFeedBench } from './feed-data.mjs';
import { inboxBenchData } from './inbox-data.mjs';
import { importMailboxes } from './mailboxes.mjs';
import { BENCH_EMAIL, BENCH_PASSWORD } from './profiles-data.mjs';

/** A `wrangler d1 … --local` command on the state folder (functions/wrangler.toml's DB). */
export function d1(stateDir, args) {
  return runBin('wrangler', ['d1', ...args, '--local', '--persist-to', stateDir, '-c', 'functions/wrangler.toml'], { quiet: true, env: { CI: 'true' } });
}

/** The rows of one SELECT on the state folder's D1, read in pages of `pageSize` (the command's output is capped); `max` rows at most. */
export function selectAll(stateDir, query, pageSize = 2000, max = Number.POSITIVE_INFINITY) {
  const rows = [];
  for (let offset = 0; offset < max; offset += pageSize) {
    const output = d1(stateDir, ['execute', 'DB', '--json', '--command', `${query} LIMIT ${pageSize} OFFSET ${offset}`]);
    const page = JSON.parse(output.slice(output.indexOf('['), output.lastIndexOf(']') + 1))[0].results;
    rows.push(...page);
    if (page.length < pageSize) return rows;
  }
  return rows;
}

const quoted = (ids) => ids.map((id) => `'${id.replaceAll("'", "''")}'`).join(', ');

/**
 * Wipes `stateDir` and loads it: `members` members, `posts` posts, `active` members who
 * sign in (password BENCH_PASSWORD) with `threads` conversations between them (3 × active by default).
 * `reuse`: the state was loaded by an earlier run with the same options (mailboxes included);
 * only read it back, the conversations drawn again (the same members and seed draw the same).
 */
export async function loadLoadBench(stateDir, { members = 2_000, posts = 10_000, active = 200, threads = 3 * active, reuse = false } = {}) {
  const started = Date.now();
  // Each pair talks in one thread at most: leave plenty of pairs free to draw from.
  if (threads > (active * (active - 1)) / 4) throw new Error(`${threads} threads are too many for ${active} members`);
  if (!reuse) await loadFeedBench(stateDir, { members, posts });
  const list = selectAll(stateDir, 'SELECT id, email FROM users ORDER BY rowid', active + 1, active + 1);
  if (list[0].email !== BENCH_EMAIL) throw new Error('the bench founder is not the first member loaded');
  const online = list.slice(1, active + 1);
  // Threads only between the active members: member 0 stands in as the founder inboxBenchData expects, with none of their own.
  const { statements, mailboxes } = inboxBenchData([list[0], ...online], { threads: 0, removed: 0, blocked: 0, otherThreads: threads, seed: 13 });
  if (!reuse) {
    // One scrypt hash for everyone (the bench founder's): each member's password is the bench password.
    statements.push(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = '${BENCH_EMAIL}') WHERE id IN (${quoted(online.map((m) => m.id))});`);
    const file = path.join(root, stateDir, 'load.sql');
    writeFileSync(file, `${statements.join('\n')}\n`);
    d1(stateDir, ['execute', 'DB', '--file', file]);
  }

  const ids = quoted(online.map((m) => m.id));
  const recentPosts = selectAll(
    stateDir,
    `SELECT id, author_user_id AS author FROM feed_posts WHERE group_name IS NULL AND author_user_id IN (${ids}) ORDER BY created_at DESC`,
  ).slice(0, 3_000);
  const threadsOf = (memberId) => (mailboxes.get(memberId)?.threads ?? []).map((thread) => ({ threadId: thread.id, otherId: thread.other_id }));
  return {
    members: online.map((m) => ({ id: m.id, email: m.email, password: BENCH_PASSWORD, threads: threadsOf(m.id) })),
    mailboxes: reuse ? new Map() : mailboxes,
    posts: recentPosts,
    counts: { members, posts, active, threads },
    loadSeconds: Number(((Date.now() - started) / 1000).toFixed(1)),
  };
}

/**
 * Fills the active members' mailboxes of `data` (from loadLoadBench; none on reuse) through
 * the stack at `base`, by the door the browser uses: the app's session proxy with its Origin.
 */
export async function importLoadMailboxes(base, data) {
  return importMailboxes(`${base}/api/session/dev/inbox/import`, data.mailboxes, { headers: { origin: base } });
}
