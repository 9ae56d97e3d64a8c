/**
 * A D1 binding that counts what one request asks of the database: for the request's log line
 * (http/request-log.ts, every request, docs/operations.md) and the scale bench's cost model
 * (bench/scale/requests.mjs, docs/scale.md). Every query is counted
 * (`prepare(…).first/all/run/raw`, each statement of a `batch`, `exec`); rows read and written
 * come from D1's own `meta.rows_read` / `meta.rows_written`, which the local D1 fills for
 * `all`, `first`, `run` and `batch`. drizzle's query builder reads through `raw()`, which
 * drops the meta: the meter asks the statement's session for the same query and its meta
 * (as workerd's own `raw()` does) and counts the call as unmetered when that is not possible.
 * `requestMeteredD1` is one metered binding per D1 binding that adds to the usage of the request
 * it runs in (an AsyncLocalStorage), so drizzle's handle, built once per binding (db/client.ts),
 * stays shared; work left running after the answer (waitUntil) is counted in no log line.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the database was asked during one request. `unmetered` queries are counted without their
 * rows. `rawMeta`: whether `raw()` asks workerd's private session for its meta. That call is not
 * a public API, so only development (the scale bench, the tests) makes it; in production a
 * `raw()` runs as D1 ships it and is counted as unmetered.
 */
export type D1Usage = { queries: number; rowsRead: number; rowsWritten: number; unmetered: number; rawMeta: boolean };

type Meta = { rows_read?: unknown; rows_written?: unknown } | undefined;
type RowsAndColumns = { success?: boolean; meta?: Meta; results?: { columns: string[]; rows: unknown[][] } | Record<string, unknown>[] };
/** workerd's statement keeps its session, and the session sends the query (workerd d1-api). */
type SessionOf = { dbSession?: { _sendOrThrow?: (endpoint: string, sql: string, params: unknown[], format: string, span: unknown) => Promise<unknown> } };

/** A tracing span that records nothing, for the session's send. */
const NO_SPAN = { setAttribute() {}, setAttributes() {}, end() {} };

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function emptyUsage({ rawMeta = true }: { rawMeta?: boolean } = {}): D1Usage {
  return { queries: 0, rowsRead: 0, rowsWritten: 0, unmetered: 0, rawMeta };
}

/** Where a query's counts go: the usage of the request it runs in, or nowhere outside one. */
type UsageOf = () => D1Usage | undefined;

function addMeta(usage: D1Usage | undefined, meta: Meta) {
  if (!usage) return;
  if (!meta || (meta.rows_read === undefined && meta.rows_written === undefined)) {
    usage.unmetered += 1;
    return;
  }
  usage.rowsRead += count(meta.rows_read);
  usage.rowsWritten += count(meta.rows_written);
}

/** `raw()` with its meta: the statement's session answers rows and columns plus meta, as in workerd's raw(). */
async function rawWithMeta(statement: D1PreparedStatement, usage: D1Usage | undefined, options?: { columnNames?: boolean }): Promise<unknown[]> {
  const send = (statement as unknown as SessionOf).dbSession?._sendOrThrow;
  const { statement: sql, params } = statement as unknown as { statement?: unknown; params?: unknown };
  if (!usage || !usage.rawMeta || typeof send !== 'function' || typeof sql !== 'string' || !Array.isArray(params)) {
    if (usage) usage.unmetered += 1;
    return options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw();
  }
  const answer = await send.call((statement as unknown as SessionOf).dbSession, '/query', sql, params, 'ROWS_AND_COLUMNS', NO_SPAN);
  const first = (Array.isArray(answer) ? answer[0] : answer) as RowsAndColumns;
  addMeta(usage, first.meta);
  const results = first.results;
  if (!results) return [];
  if (Array.isArray(results)) {
    const rows = results.map((row) => Object.values(row));
    return options?.columnNames && results[0] ? [Object.keys(results[0]), ...rows] : rows;
  }
  return [...(options?.columnNames ? [results.columns] : []), ...results.rows];
}

/** The statement a metered binding hands out: the same query, counted when it runs. */
function meteredStatement(inner: D1PreparedStatement, usageOf: UsageOf): D1PreparedStatement {
  const counted = () => {
    const usage = usageOf();
    if (usage) usage.queries += 1;
    return usage;
  };
  const metered = {
    inner,
    bind: (...values: unknown[]) => meteredStatement(inner.bind(...values), usageOf),
    async first(column?: string) {
      const usage = counted();
      if (!usage) return column === undefined ? inner.first() : inner.first(column);
      // first() drops the meta too; all() answers the same rows with it.
      const result = await inner.all<Record<string, unknown>>();
      addMeta(usage, result.meta as Meta);
      const row = result.results[0];
      if (!row) return null;
      if (column === undefined) return row;
      if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
      return row[column];
    },
    async all() {
      const usage = counted();
      const result = await inner.all();
      addMeta(usage, result.meta as Meta);
      return result;
    },
    async run() {
      const usage = counted();
      const result = await inner.run();
      addMeta(usage, result.meta as Meta);
      return result;
    },
    async raw(options?: { columnNames?: boolean }) {
      return rawWithMeta(inner, counted(), options);
    },
  };
  return metered as unknown as D1PreparedStatement;
}

const innerOf = (statement: D1PreparedStatement) => (statement as unknown as { inner?: D1PreparedStatement }).inner ?? statement;

/** `binding`, counting each query into the usage `usageOf` answers when it runs. */
function meteredBinding(binding: D1Database, usageOf: UsageOf): D1Database {
  const metered = {
    prepare: (sql: string) => meteredStatement(binding.prepare(sql), usageOf),
    async batch(statements: D1PreparedStatement[]) {
      const usage = usageOf();
      if (usage) usage.queries += statements.length;
      const results = await binding.batch(statements.map(innerOf));
      for (const result of results) addMeta(usage, result.meta as Meta);
      return results;
    },
    async exec(sql: string) {
      const result = await binding.exec(sql);
      const usage = usageOf();
      if (usage) {
        usage.queries += result.count;
        usage.unmetered += result.count;
      }
      return result;
    },
    // Not used by the app; a session's queries would go unmetered, so it is not offered.
    withSession() {
      throw new Error('The D1 meter does not meter sessions (withSession).');
    },
  };
  return metered as unknown as D1Database;
}

const requestUsage = new AsyncLocalStorage<D1Usage>();
const requestMetered = new WeakMap<D1Database, D1Database>();

/** Runs `work` (one request) with its own usage, which the bindings of `requestMeteredD1` count into. */
export function withD1Usage<T>(usage: D1Usage, work: () => T): T {
  return requestUsage.run(usage, work);
}

/** The one metered binding for `binding`: queries count into the usage of the request they run in (withD1Usage). */
export function requestMeteredD1(binding: D1Database): D1Database {
  let metered = requestMetered.get(binding);
  if (!metered) {
    metered = meteredBinding(binding, () => requestUsage.getStore());
    requestMetered.set(binding, metered);
  }
  return metered;
}

/** The response headers that tell the usage. */
export function usageHeaders(usage: D1Usage): Record<string, string> {
  return {
    'x-d1-queries': String(usage.queries),
    'x-d1-rows-read': String(usage.rowsRead),
    'x-d1-rows-written': String(usage.rowsWritten),
    'x-d1-unmetered': String(usage.unmetered),
  };
}
