// Brings a scale state written before the member objects (migrations 0024 and 0025) to this
// tree's layout without generating it again (a million members take the better part of an
// hour): its D1 notifications and profile views are copied to the side files the generator
// now writes (<state>/notifications.sqlite, <state>/profile-views.sqlite, read by
// bench/scale/notifications.mjs and profile-views.mjs), then the missing migrations are
// applied, which drop the two tables.
//
//   node bench/scale/move-aside.mjs --state-dir .wrangler/scale-1m
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { fingerprint, writeStamp } from '../../scripts/lib/stamp.mjs';
import { root, runBin } from '../../scripts/lib/run.mjs';

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
db.close();

runBin('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir, '-c', 'functions/wrangler.toml'], { quiet: true, env: { CI: 'true' } });
writeStamp(path.join(root, stateDir, '.migrations-stamp'), fingerprint(['functions/migrations']));
console.log(`• migrated ${stateDir} (${elapsed()})`);
