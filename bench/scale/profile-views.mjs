// Profile views of a scale state (bench/scale/generate.mjs writes them to
// <state>/profile-views.sqlite, since they live in one MemberProfileViews object per member
// rather than in D1): loads the rows of the members a benchmark signs in as into their
// objects, through the development route POST /dev/profile-views/import of a running API
// worker (ENVIRONMENT=development), 400 rows per request (the 64 KB body cap).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { root } from '../../scripts/lib/run.mjs';

const PER_REQUEST = 400;

/** Imports the views kept for `userIds` (both lists of each) into their objects; answers how many rows. */
export async function importProfileViews(base, stateDir, userIds) {
  const file = path.join(path.resolve(root, stateDir), 'profile-views.sqlite');
  if (!existsSync(file)) return 0;
  const side = new DatabaseSync(file, { readOnly: true });
  const read = side.prepare('SELECT user_id, side, member_id, private, viewed_at FROM views WHERE user_id = ?');
  const rows = userIds.flatMap((userId) =>
    read.all(userId).map((row) => ({ userId: row.user_id, side: row.side, memberId: row.member_id, private: row.private === 1, viewedAt: row.viewed_at })),
  );
  side.close();
  for (let i = 0; i < rows.length; i += PER_REQUEST) {
    const answer = await fetch(`${base}/dev/profile-views/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rows: rows.slice(i, i + PER_REQUEST) }),
    });
    if (answer.status !== 200) throw new Error(`profile views import: ${answer.status} ${await answer.text()}`);
  }
  return rows.length;
}
