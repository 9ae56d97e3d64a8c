import { env } from 'cloudflare:workers';
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

const tables: SQLiteTable[] = Object.values(schema).filter((value) => is(value, SQLiteTable));

type ColumnInfo = { name: string; notnull: number; pk: number };

describe('the drizzle schema', () => {
  it('covers every table the migrations create', async () => {
    const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'd1_%' AND name NOT LIKE '_cf_%'").all<{ name: string }>();
    expect(tables.map((table) => getTableConfig(table).name).sort()).toEqual(results.map((row) => row.name).sort());
  });

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))('matches the migrated columns of %s', async (name, table) => {
    const { results } = await env.DB.prepare(`PRAGMA table_info(${name})`).all<ColumnInfo>();
    const migrated = results.map((column) => ({ name: column.name, notNull: column.notnull === 1 || column.pk === 1, primary: column.pk === 1 }));
    const declared = getTableConfig(table).columns.map((column) => ({ name: column.name, notNull: column.notNull, primary: column.primary }));
    expect(declared.sort((a, b) => a.name.localeCompare(b.name))).toEqual(migrated.sort((a, b) => a.name.localeCompare(b.name)));
  });
});
