/**
 * One D1 batch (one transaction) of drizzle queries AND raw SQL with parameters. drizzle's
 * own batch cannot bind parameters of raw `sql` statements (`db.run(sql\`…${x}\`)`), and
 * the conditional statements that keep counters true (INSERT … SELECT … WHERE, UPDATE …
 * SET n = (SELECT count(*) …)) are raw SQL. Answers each statement's D1 result (rows and
 * `meta.changes`).
 */
import type { SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

const dialect = new SQLiteSyncDialect();

/** A statement of the batch: a raw `sql` template or a drizzle query builder. */
export type BatchStatement = SQL | { toSQL(): { sql: string; params: unknown[] } };

// drizzle() keeps the D1 binding as $client; the Db type leaves it out.
const clientOf = (db: Db) => (db as Db & { $client: D1Database }).$client;

function prepare(client: D1Database, statement: BatchStatement): D1PreparedStatement {
  const { sql, params } = 'toSQL' in statement ? statement.toSQL() : dialect.sqlToQuery(statement);
  return client.prepare(sql).bind(...params);
}

/** Runs the statements as one D1 batch: all or nothing, in order. */
export async function runBatch<Row = Record<string, unknown>>(db: Db, statements: readonly BatchStatement[]): Promise<D1Result<Row>[]> {
  const client = clientOf(db);
  return client.batch<Row>(statements.map((statement) => prepare(client, statement)));
}
