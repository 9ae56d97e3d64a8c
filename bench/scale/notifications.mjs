// Notifications of a scale state (bench/scale/generate.mjs writes them to
// <state>/notifications.sqlite, since they live in one MemberNotifications object per member
// rather than in D1): loads the rows of the members a benchmark signs in as into their
// objects, through the development route POST /dev/notifications/import of a running API
// worker (ENVIRONMENT=development), 100 rows per request (under the 64 KB body cap: a row
// with its title, 140-character body and link is at most about 500 bytes of JSON).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { root } from '../../scripts/lib/run.mjs';

const PER_REQUEST = 100;

/** Imports the notifications of `userIds` into their objects; answers how many rows were new. */
export async function importNotifications(base, stateDir, userIds) {
  const file = path.join(path.resolve(root, stateDir), 'notifications.sqlite');
  if (!existsSync(file)) return 0;
  const side = new DatabaseSync(file, { readOnly: true });
  const read = side.prepare('SELECT id, sender_id, kind, title, body, link, ref_id, is_seen, created_at FROM notifications WHERE user_id = ?');
  let imported = 0;
  try {
    for (const userId of userIds) {
      const rows = read.all(userId).map((row) => ({ ...row, event_id: null }));
      for (let i = 0; i < rows.length; i += PER_REQUEST) {
        const answer = await fetch(`${base}/dev/notifications/import`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId, rows: rows.slice(i, i + PER_REQUEST) }),
        });
        if (answer.status !== 200) throw new Error(`notifications import: ${answer.status} ${await answer.text()}`);
        imported += (await answer.json()).imported;
      }
    }
  } finally {
    side.close();
  }
  return imported;
}
