/**
 * The query plans of the mailbox's statements (mailbox.ts MAILBOX_SQL), read inside a real
 * MemberInbox object: its own SQLite, its own tables and indexes as `migrate` made them. What
 * the old D1 inbox's query-plan test guaranteed holds here: each reading goes through an
 * index and never passes over a whole table, and a page is read in index order (only the
 * page's own rows may be sorted).
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ThreadFilter } from '../ports/inbox';
import { newId } from '../db/ids';
import { MAILBOX_SQL } from './inbox-object-sql';

type PlanRow = { id: number; parent: number; detail: string };

const thread = 'b'.repeat(24);
const reader = 'a'.repeat(24);
const hidden = JSON.stringify(['c'.repeat(24)]);

/** SQLite's EXPLAIN QUERY PLAN of a statement with its parameters, in a mailbox of its own. */
async function plan(statement: string, ...params: SqlStorageValue[]): Promise<PlanRow[]> {
  const stub = env.INBOX_STORE.get(env.INBOX_STORE.idFromName(newId()));
  return runInDurableObject(stub, (_mailbox, state) => state.storage.sql.exec<PlanRow>(`EXPLAIN QUERY PLAN ${statement}`, ...params).toArray());
}

const text = (rows: PlanRow[]) => rows.map((row) => row.detail).join('\n');
// A pass over a whole table (SCAN without an index). `SCAN f` walks the co-routine of one message's files, `SCAN json_each` the hidden members.
const tableScan = /^SCAN (threads|messages|files|outbox|t|m|q|qf)\b(?!.*USING)/m;
// The message joins of a thread row and of a message row: each by its key.
const messageJoins = [
  'SEARCH q USING INDEX sqlite_autoindex_messages_1 (id=?) LEFT-JOIN',
  'SEARCH files USING INDEX files_message (message_id=?)',
  'SEARCH qf USING COVERING INDEX files_message (message_id=?)',
];

describe('the mailbox statements', () => {
  it.each<ThreadFilter>(['all', 'unread', 'read'])('read a page of the %s threads along threads_list and join only that page', async (filter) => {
    const rows = await plan(MAILBOX_SQL.listPage[filter], hidden, 20, 200);
    const lines = text(rows);
    expect(lines).toMatch(/SEARCH t USING INDEX threads_list \(last_message_at>\?\)/);
    expect(lines).toContain('SEARCH t USING INDEX sqlite_autoindex_threads_1 (id=?)');
    expect(lines).toContain('SEARCH m USING INDEX sqlite_autoindex_messages_1 (id=?) LEFT-JOIN');
    for (const join of messageJoins) expect(lines).toContain(join);
    expect(lines).not.toMatch(tableScan);
    // A sort at the top sorts the ≤ limit rows of the page; none may happen inside it.
    expect(
      rows.filter((row) => /TEMP B-TREE/.test(row.detail) && row.parent !== 0),
      lines,
    ).toEqual([]);
  });

  it.each<ThreadFilter>(['all', 'unread', 'read'])('count the %s threads through threads_list, never a table scan', async (filter) => {
    const lines = text(await plan(MAILBOX_SQL.listTotal[filter], hidden));
    expect(lines).toMatch(filter === 'all' ? /SEARCH t USING COVERING INDEX threads_list/ : /SEARCH t USING (COVERING )?INDEX threads_(list|unread)/);
    expect(lines).not.toMatch(tableScan);
  });

  it('count the unread messages through an index, never a pass over the threads', async () => {
    const lines = text(await plan(MAILBOX_SQL.unreadTotal, hidden));
    expect(lines).not.toMatch(tableScan);
    expect(lines).toMatch(/USING (COVERING )?INDEX/);
  });

  it('find one thread by its primary key, and the thread with a member by theirs', async () => {
    const one = text(await plan(MAILBOX_SQL.thread, thread, hidden));
    expect(one).toContain('SEARCH t USING INDEX sqlite_autoindex_threads_1 (id=?)');
    for (const join of messageJoins) expect(one).toContain(join);
    expect(one).not.toMatch(tableScan);
    const withMember = text(await plan(MAILBOX_SQL.threadWith, reader));
    expect(withMember).toMatch(/^SEARCH threads USING INDEX sqlite_autoindex_threads_2 \(other_id=\?\)$/);
  });

  it('page a thread’s messages backwards along messages_thread, without sorting', async () => {
    const newest = await plan(MAILBOX_SQL.messagesPage, thread, 31);
    const older = await plan(MAILBOX_SQL.messagesBefore, thread, 'd'.repeat(24), thread, 31);
    expect(text(newest)).toContain('SEARCH m USING INDEX messages_thread (thread_id=?)');
    expect(text(older)).toMatch(/SEARCH m USING INDEX messages_thread \(thread_id=\? AND created_at<\?\)/);
    // The message `before` names is found by its key.
    expect(text(older)).toContain('SEARCH messages USING INDEX sqlite_autoindex_messages_1 (id=?)');
    for (const lines of [text(newest), text(older)]) {
      for (const join of messageJoins) expect(lines).toContain(join);
      expect(lines).not.toMatch(/TEMP B-TREE/);
      expect(lines).not.toMatch(tableScan);
    }
  });

  it('find and mark the reader’s unread messages through messages_unread', async () => {
    const found = text(await plan(MAILBOX_SQL.unreadOf, reader, thread));
    expect(found).toContain('SEARCH t USING INDEX sqlite_autoindex_threads_1 (id=?)');
    expect(found).toContain('SEARCH m USING COVERING INDEX messages_unread (thread_id=? AND to_id=?)');
    expect(text(await plan(MAILBOX_SQL.markRead, thread, reader))).toBe('SEARCH messages USING INDEX messages_unread (thread_id=? AND to_id=?)');
  });

  it('apply a read receipt through messages_unread: only the unread messages, not the thread’s whole history', async () => {
    const lines = text(await plan(MAILBOX_SQL.readReceipt, thread, reader, '2026-03-01T10:00:00.000Z'));
    expect(lines).toMatch(/^SEARCH messages USING INDEX messages_unread \(thread_id=\? AND to_id=\?/);
  });
});
