// The inbox of a scale state (bench/scale/generate.mjs writes it to <state>/inbox.sqlite,
// since each member keeps their own copy of their conversations in their MemberInbox object
// rather than in D1): loads the mailboxes of the members a benchmark signs in as into their
// objects, through the development route POST /dev/inbox/import of a running API worker
// (ENVIRONMENT=development), their threads first, then their messages oldest first, as many
// rows per request as the 64 KB body cap takes (bench/lib/mailboxes.mjs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { root } from '../../scripts/lib/run.mjs';
import { importMailboxes } from '../lib/mailboxes.mjs';

/** Imports the mailboxes of `userIds` (every thread of each, with all its messages) into their objects; answers how many message copies. */
export async function importInbox(base, stateDir, userIds) {
  const file = path.join(path.resolve(root, stateDir), 'inbox.sqlite');
  if (!existsSync(file)) return 0;
  const side = new DatabaseSync(file, { readOnly: true });
  const boxes = new Map();
  try {
    const threads = side.prepare('SELECT id, other_id, created_at FROM threads WHERE user_id = ?');
    const messages = side.prepare(
      'SELECT m.id, m.thread_id, m.author_id, m.to_id, m.body, m.reply_to_id, m.read, m.created_at FROM threads t JOIN messages m ON m.thread_id = t.id WHERE t.user_id = ?',
    );
    for (const userId of userIds) boxes.set(userId, { threads: threads.all(userId), messages: messages.all(userId) });
  } finally {
    side.close();
  }
  return importMailboxes(`${base}/dev/inbox/import`, boxes);
}
