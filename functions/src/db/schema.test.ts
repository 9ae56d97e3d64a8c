import { env } from 'cloudflare:workers';
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

const tables: SQLiteTable[] = Object.values(schema).filter((value) => is(value, SQLiteTable));

type ColumnInfo = { name: string; notnull: number; pk: number };
type IndexInfo = { name: string; unique: number; partial: number };

/** Columns of the table's primary key, whether declared on a column or for the table. */
function primaryColumns(table: SQLiteTable): Set<string> {
  const config = getTableConfig(table);
  const composite = config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name));
  return new Set([...config.columns.filter((column) => column.primary).map((column) => column.name), ...composite]);
}

describe('the drizzle schema', () => {
  it('covers every table the migrations create', async () => {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'd1_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'profile_search%' AND name NOT LIKE 'vitest\\_%' ESCAPE '\\'",
    ).all<{ name: string }>();
    expect(tables.map((table) => getTableConfig(table).name).sort()).toEqual(results.map((row) => row.name).sort());
  });

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))('matches the migrated columns of %s', async (name, table) => {
    const { results } = await env.DB.prepare(`PRAGMA table_info(${name})`).all<ColumnInfo>();
    const migrated = results.map((column) => ({ name: column.name, notNull: column.notnull === 1 || column.pk > 0, primary: column.pk > 0 }));
    const primary = primaryColumns(table);
    const declared = getTableConfig(table).columns.map((column) => ({ name: column.name, notNull: column.notNull || primary.has(column.name), primary: primary.has(column.name) }));
    expect(declared.sort((a, b) => a.name.localeCompare(b.name))).toEqual(migrated.sort((a, b) => a.name.localeCompare(b.name)));
  });

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))('declares the migrated indexes of %s', async (name, table) => {
    const { results } = await env.DB.prepare(`PRAGMA index_list(${name})`).all<IndexInfo>();
    const migrated = results
      .filter((index) => !index.name.startsWith('sqlite_autoindex_'))
      .map((index) => ({ name: index.name, unique: index.unique === 1, partial: index.partial === 1 }));
    const declared = getTableConfig(table).indexes.map(({ config }) => ({ name: config.name, unique: config.unique, partial: config.where !== undefined }));
    expect(declared.sort((a, b) => a.name.localeCompare(b.name))).toEqual(migrated.sort((a, b) => a.name.localeCompare(b.name)));
  });
});
