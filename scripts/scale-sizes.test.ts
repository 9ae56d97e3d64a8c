import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { INTERNAL_GROUP, measureDatabase, measureDurableObjects, tableGroups } from '../bench/scale/sizes-measure.mjs';

/** A small database with what the D1 schema has: indexes (named and automatic), an FTS5 table, AUTOINCREMENT. */
function smallDatabase(members: number, messagesEach: number) {
  const db = new DatabaseSync(':memory:');
  db.exec(`
    CREATE TABLE users (id TEXT PRIMARY KEY NOT NULL, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL);
    CREATE INDEX users_name ON users (name);
    CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, sender_id TEXT NOT NULL, body TEXT NOT NULL);
    CREATE INDEX messages_sender ON messages (sender_id, id);
    CREATE VIRTUAL TABLE profile_search USING fts5(user_id UNINDEXED, name, body);
    -- Named like an FTS5 shadow table, but 'notes' is an ordinary table: its own group.
    CREATE TABLE notes (id INTEGER PRIMARY KEY);
    CREATE TABLE notes_data (id INTEGER PRIMARY KEY, value TEXT);
  `);
  const user = db.prepare('INSERT INTO users (id, email, name) VALUES (?, ?, ?)');
  const message = db.prepare('INSERT INTO messages (sender_id, body) VALUES (?, ?)');
  const search = db.prepare('INSERT INTO profile_search (user_id, name, body) VALUES (?, ?, ?)');
  db.exec('BEGIN');
  for (let i = 0; i < members; i++) {
    user.run(`u${i}`, `member-${i}@example.test`, `Member ${i}`);
    search.run(`u${i}`, `Member ${i}`, `founder building tool number ${i} for pricing and hiring`);
    for (let j = 0; j < messagesEach; j++) message.run(`u${i}`, `message ${j} from member ${i}: ${'x'.repeat(80)}`);
  }
  db.exec('COMMIT');
  return db;
}

describe('database sizes per table group', () => {
  it('maps each index to its table, FTS5 shadow tables to their full-text table, and SQLite bookkeeping apart', () => {
    const db = smallDatabase(3, 1);
    const groups = tableGroups(db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE type IN ('table', 'index')").all() as never);
    expect(groups.get('users_name')).toBe('users');
    expect(groups.get('sqlite_autoindex_users_1')).toBe('users');
    expect(groups.get('sqlite_autoindex_users_2')).toBe('users');
    expect(groups.get('messages_sender')).toBe('messages');
    for (const shadow of ['data', 'idx', 'content', 'docsize', 'config']) expect(groups.get(`profile_search_${shadow}`)).toBe('profile_search');
    expect(groups.get('notes_data')).toBe('notes_data');
    expect(groups.get('sqlite_sequence')).toBe(INTERNAL_GROUP);
  });

  it("sums every page of the file into its table's group, with rows and bytes per member", () => {
    const db = smallDatabase(200, 5);
    const measured = measureDatabase(db);
    expect(measured.members).toBe(200);
    expect(Object.keys(measured.groups).sort()).toEqual(['(sqlite and D1 bookkeeping)', 'messages', 'notes', 'notes_data', 'profile_search', 'users'].sort());
    // Every b-tree page is counted once: the groups add up to the file less its free pages.
    expect(measured.totalBytes).toBe(measured.pages * measured.pageSize - measured.freeBytes);
    const { messages, users, profile_search: search } = measured.groups;
    expect(Object.keys(messages.parts).sort()).toEqual(['messages', 'messages_sender']);
    expect(Object.keys(users.parts).sort()).toEqual(['sqlite_autoindex_users_1', 'sqlite_autoindex_users_2', 'users', 'users_name']);
    expect(Object.keys(search.parts).sort()).toEqual(['profile_search_config', 'profile_search_content', 'profile_search_data', 'profile_search_docsize', 'profile_search_idx']);
    expect(messages.rows).toBe(1000);
    expect(search.rows).toBe(200);
    expect(messages.bytesPerMember).toBe(messages.bytes / 200);
    expect(measured.totalBytesPerMember).toBe(measured.totalBytes / 200);
    // 1,000 messages of ~110 bytes with an index take more than 100 KB: the figure is the pages, not a guess.
    expect(messages.bytes).toBeGreaterThan(100_000);
    expect(Object.keys(measured.groups)[0]).toBe('messages');
  });

  it('grows a group with its rows and leaves the others alone', () => {
    const few = measureDatabase(smallDatabase(100, 2)).groups;
    const many = measureDatabase(smallDatabase(100, 20)).groups;
    expect(many.messages.bytes).toBeGreaterThan(5 * few.messages.bytes);
    expect(many.users.bytes).toBe(few.users.bytes);
  });
});

describe('Durable Object storage sizes', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives per class the objects and the median, p95 and largest file with its WAL', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'scale-sizes-'));
    const live = path.join(dir, 'v3/do/foundermesh-api-MemberLive');
    const limiter = path.join(dir, 'v3/do/foundermesh-api-RateLimiter');
    mkdirSync(live, { recursive: true });
    mkdirSync(limiter, { recursive: true });
    for (let i = 1; i <= 20; i++) writeFileSync(path.join(live, `${i}.sqlite`), Buffer.alloc(i * 1000));
    writeFileSync(path.join(live, '20.sqlite-wal'), Buffer.alloc(500));
    writeFileSync(path.join(live, 'metadata.sqlite'), Buffer.alloc(99_999));
    writeFileSync(path.join(limiter, 'a.sqlite'), Buffer.alloc(4096));
    expect(measureDurableObjects(dir)).toEqual({
      MemberLive: { objects: 20, medianBytes: 10_000, p95Bytes: 19_000, maxBytes: 20_500 },
      RateLimiter: { objects: 1, medianBytes: 4096, p95Bytes: 4096, maxBytes: 4096 },
    });
  });

  it('is empty for a state folder without Durable Objects', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'scale-sizes-'));
    expect(measureDurableObjects(dir)).toEqual({});
  });
});
