// SQL files for loading data with `wrangler d1 execute --file` (the world cities, bench data):
// values written as safe literals (the only way a file can carry them), rows grouped into
// multi-row INSERTs.

/** A value as an SQLite literal: NULL, a finite number, or a quoted string with quotes doubled. */
export function sqlLiteral(value) {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value !== 'string') throw new Error(`cannot write ${typeof value} as SQL`);
  if (value.includes('\0')) throw new Error('strings with NUL characters cannot be written as SQL literals');
  return `'${value.replaceAll("'", "''")}'`;
}

/** INSERT statements for `rows` (objects with the same keys), `perStatement` rows each. */
export function insertStatements(table, rows, perStatement = 200) {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  if (![table, ...columns].every((name) => /^[a-z_][a-z0-9_]*$/.test(name))) throw new Error(`unexpected identifier in ${table}(${columns})`);
  const statements = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const values = rows.slice(start, start + perStatement).map((row) => `(${columns.map((column) => sqlLiteral(row[column])).join(', ')})`);
    statements.push(`INSERT INTO ${table} (${columns.join(', ')}) VALUES\n${values.join(',\n')};`);
  }
  return statements;
}
