// Brings a scale state written before the member objects (migrations 0024, 0025 and 0033) to
// this tree's layout without generating it again (a million members take the better part of
// an hour): its D1 notifications, profile views and inbox are copied to the side files the
// generator now writes (<state>/notifications.sqlite, <state>/profile-views.sqlite,
// <state>/inbox.sqlite, read by bench/scale/notifications.mjs, profile-views.mjs and
// inbox.mjs), then the missing migrations are applied, which drop those tables, and D1 gets
// the unread marks of threads (unread_threads) the inbox's rows call for.
//
//   node bench/scale/move-aside.mjs --state-dir .wrangler/scale-1m
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { fingerprint, writeStamp } from '../../scripts/lib/stamp.mjs';
import { root, runBin } from '../../scripts/lib/run.mjs';
import { threadIdOf } from '../lib/mailboxes.mjs';

const { values: args } = parseArgs({ options: { 'state-dir': { type: 'string' } } });
const stateDir = args['state-dir'];
if (!stateDir || path.resolve(root, stateDir) === path.resolve(root, '.wrangler/state')) throw new Error('--state-dir names a scale state (never .wrangler/state)');
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

const d1Dir = path.join(root, stateDir, 'v3/d1/miniflare-D1DatabaseObject');
const file = readdirSync(d1Dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
if (!file) throw new Error(`no D1 database under ${d1Dir}`);
const db = new DatabaseSync(path.join(d1Dir, file));
const hasTable = (name) => Boolean(db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name));

const notificationsFile = path.join(root, stateDir, 'notifications.sqlite');
const viewsFile = path.join(root, stateDir, 'profile-views.sqlite');
const inboxFile = path.join(root, stateDir, 'inbox.sqlite');
// The same tables bench/scale/generate.mjs writes.
if (hasTable('notifications') && !existsSync(notificationsFile)) {
  db.exec(`ATTACH DATABASE '${notificationsFile}' AS side`);
  db.exec(`CREATE TABLE side.notifications (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, sender_id TEXT, kind TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL,
      link TEXT, ref_id TEXT, is_seen INTEGER NOT NULL, created_at TEXT NOT NULL) WITHOUT ROWID;
    INSERT INTO side.notifications SELECT id, user_id, sender_id, kind, title, body, link, ref_id, is_seen, created_at FROM main.notifications;
    CREATE INDEX side.notifications_user ON notifications (user_id, created_at)`);
  db.exec('DETACH DATABASE side');
  console.log(`• notifications → ${path.relative(root, notificationsFile)} (${elapsed()})`);
}
if (hasTable('profile_views') && !existsSync(viewsFile)) {
  db.exec(`ATTACH DATABASE '${viewsFile}' AS side`);
  db.exec(`CREATE TABLE side.views (user_id TEXT NOT NULL, side TEXT NOT NULL, member_id TEXT NOT NULL, day TEXT NOT NULL, private INTEGER NOT NULL, viewed_at TEXT NOT NULL,
      PRIMARY KEY (user_id, side, member_id, day)) WITHOUT ROWID;
    INSERT OR IGNORE INTO side.views SELECT viewed_id, 'viewers', viewer_id, day, private, viewed_at FROM main.profile_views;
    INSERT OR IGNORE INTO side.views SELECT viewer_id, 'viewed', viewed_id, day, private, viewed_at FROM main.profile_views`);
  db.exec('DETACH DATABASE side');
  console.log(`• profile views → ${path.relative(root, viewsFile)} (${elapsed()})`);
}
if (hasTable('threads') && !existsSync(inboxFile)) {
  // Each thread under the id the send path derives from its pair (the D1 ids were the thread rows' own), once per member.
  db.function('thread_id_of', { deterministic: true }, (key) => threadIdOf(...key.split(':')));
  db.exec(`ATTACH DATABASE '${inboxFile}' AS side`);
  db.exec(`CREATE TABLE side.threads (user_id TEXT NOT NULL, other_id TEXT NOT NULL, id TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (user_id, other_id)) WITHOUT ROWID;
    CREATE TABLE side.messages (id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, author_id TEXT NOT NULL, to_id TEXT NOT NULL, body TEXT NOT NULL, reply_to_id TEXT,
      read INTEGER NOT NULL, created_at TEXT NOT NULL) WITHOUT ROWID;
    CREATE TEMP TABLE thread_ids (old TEXT PRIMARY KEY, new TEXT NOT NULL) WITHOUT ROWID;
    INSERT INTO temp.thread_ids SELECT id, thread_id_of(pair_key) FROM main.threads;
    INSERT INTO side.threads SELECT tm.user_id, tm.other_id, x.new, t.created_at FROM main.thread_members tm JOIN main.threads t ON t.id = tm.thread_id JOIN temp.thread_ids x ON x.old = t.id;
    INSERT INTO side.messages SELECT m.id, x.new, m.author_id, m.to_id, m.body, m.reply_to_id, m.read, m.created_at FROM main.messages m JOIN temp.thread_ids x ON x.old = m.thread_id;
    CREATE INDEX side.messages_thread ON messages (thread_id, created_at);
    DROP TABLE temp.thread_ids`);
  db.exec('DETACH DATABASE side');
  console.log(`• inbox → ${path.relative(root, inboxFile)} (${elapsed()})`);
}
if (hasTable('messages')) {
  // 0033 drops messages with foreign keys on: an implicit DELETE that looks for each row's
  // replies (reply_to_id REFERENCES messages), which no index serves, so every row scans the
  // table (31 ms a row at 10k, about an hour in all). With this index the drop takes a second
  // at 10k; the index goes with the table.
  db.exec('CREATE INDEX IF NOT EXISTS messages_reply_to ON messages (reply_to_id)');
}
db.close();

runBin('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir, '-c', 'functions/wrangler.toml'], { quiet: true, env: { CI: 'true' } });
writeStamp(path.join(root, stateDir, '.migrations-stamp'), fingerprint(['functions/migrations']));
console.log(`• migrated ${stateDir} (${elapsed()})`);

// The unread marks, once 0033 has made their table: one per member and thread with messages
// to them unread, since the first of them, as the generator writes them (and only when the
// table is empty, so a second run, or a state the generator wrote, is left as it is).
if (existsSync(inboxFile)) {
  const migrated = new DatabaseSync(path.join(d1Dir, file));
  if (!migrated.prepare('SELECT 1 FROM unread_threads LIMIT 1').get()) {
    migrated.exec(`ATTACH DATABASE '${inboxFile}' AS side`);
    const { changes } = migrated
      .prepare(
        `INSERT INTO unread_threads (user_id, thread_id, sender_id, since)
         SELECT to_id, thread_id, min(author_id), min(created_at) FROM side.messages WHERE read = 0 GROUP BY thread_id, to_id`,
      )
      .run();
    migrated.exec('DETACH DATABASE side');
    console.log(`• ${changes} unread marks → unread_threads (${elapsed()})`);
  }
  migrated.close();
}
