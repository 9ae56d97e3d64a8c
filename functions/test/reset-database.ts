/**
 * Brings a test database back to what the migrations left in it, without migrating again.
 *
 * The first call copies the rows the migrations seeded (feed groups, counters) into `vitest_seed_*`
 * tables; every call empties each table and puts those rows back. Foreign keys are checked at
 * the end of the batch, so the tables can be emptied in any order. FTS5 shadow tables are left
 * to their virtual table, which is emptied like any other.
 */
/** The tables of this file's own; functions/src/db/schema.test.ts leaves `vitest_` tables out. */
const MARKER = 'vitest_seeded';
const SEED_PREFIX = 'vitest_seed_';

type TableRow = { name: string; sql: string | null };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function memberTables(db: D1Database): Promise<string[]> {
  const { results } = await db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all<TableRow>();
  const virtual = results.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql ?? '')).map((table) => table.name);
  const isShadow = (name: string) => virtual.some((parent) => name.startsWith(`${parent}_`));
  return results
    .map((table) => table.name)
    .filter((name) => !name.startsWith('sqlite_') && !name.startsWith('_cf_') && !name.startsWith(SEED_PREFIX) && name !== 'd1_migrations' && name !== MARKER && !isShadow(name));
}

async function seededTables(db: D1Database, tables: string[]): Promise<string[]> {
  const marked = await db.prepare('SELECT name FROM sqlite_master WHERE name = ?').bind(MARKER).first();
  if (marked) {
    const { results } = await db.prepare(`SELECT name FROM ${MARKER}`).all<{ name: string }>();
    return results.map((row) => row.name);
  }
  const counts = await db.batch(tables.map((name) => db.prepare(`SELECT count(*) AS n FROM ${quote(name)}`)));
  const seeded = tables.filter((_, i) => Number((counts[i].results[0] as { n: number }).n) > 0);
  await db.batch([
    db.prepare(`CREATE TABLE ${MARKER} (name TEXT PRIMARY KEY)`),
    ...seeded.flatMap((name) => [
      db.prepare(`CREATE TABLE ${quote(SEED_PREFIX + name)} AS SELECT * FROM ${quote(name)}`),
      db.prepare(`INSERT INTO ${MARKER} (name) VALUES (?)`).bind(name),
    ]),
  ]);
  return seeded;
}

export async function resetDatabase(db: D1Database): Promise<void> {
  const tables = await memberTables(db);
  const seeded = new Set(await seededTables(db, tables));
  const { results: triggers } = await db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL").all<TableRow>();
  // One batch, one transaction: the triggers (counters, the audit log's refusal to be deleted)
  // are set aside while the tables are emptied and refilled, then put back as they were.
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = ON'),
    ...triggers.map((trigger) => db.prepare(`DROP TRIGGER ${quote(trigger.name)}`)),
    ...tables.map((name) => db.prepare(`DELETE FROM ${quote(name)}`)),
    ...[...seeded].map((name) => db.prepare(`INSERT INTO ${quote(name)} SELECT * FROM ${quote(SEED_PREFIX + name)}`)),
    ...triggers.map((trigger) => db.prepare(trigger.sql as string)),
  ]);
}
