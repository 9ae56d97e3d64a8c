/**
 * The tables of a SQLite-backed Durable Object (the member objects: notifications/notifications-object.ts,
 * profiles/profile-views-object.ts), brought to `version` once per object: a one-row `schema_version`
 * table says which version the object's tables are at, and an object behind it runs every
 * statement. Each statement must be idempotent (`IF NOT EXISTS`), so an object of any earlier
 * version ends up with the same tables as a new one.
 */
export function migrateObjectSchema(sql: SqlStorage, version: number, statements: readonly string[]): void {
  sql.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const current = sql.exec<{ version: number }>('SELECT version FROM schema_version').toArray()[0]?.version ?? 0;
  if (current >= version) return;
  for (const statement of statements) sql.exec(statement);
  sql.exec('DELETE FROM schema_version');
  sql.exec('INSERT INTO schema_version (version) VALUES (?)', version);
}
