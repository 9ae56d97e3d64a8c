// What a scale state weighs: bytes per table (with its indexes and, for FTS5, its shadow
// tables) from SQLite's dbstat table, rows per table, and the Durable Objects' own SQLite
// files. No printing and no files written here, so scripts/scale-sizes.test.ts checks the
// grouping on a small in-memory database. bench/scale/sizes.mjs runs it on a state folder.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { percentile } from '../lib/report.mjs';

/** The shadow tables FTS5 keeps for a full-text table `x`: x_data, x_idx, x_content, x_docsize, x_config. */
const FTS5_SHADOWS = ['data', 'idx', 'content', 'docsize', 'config'];
/** SQLite's and D1's own bookkeeping (the schema, AUTOINCREMENT counters, statistics, D1's KV and migrations list). */
const INTERNAL = /^(sqlite_|_cf_|d1_migrations$)/;
export const INTERNAL_GROUP = '(sqlite and D1 bookkeeping)';

/**
 * Maps every b-tree in the schema (table, index, FTS5 shadow table) to the table it serves.
 * `schema` holds sqlite_schema rows ({ type, name, tbl_name, sql }).
 */
export function tableGroups(schema) {
  const virtual = new Set(schema.filter((row) => row.type === 'table' && /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(row.sql ?? '')).map((row) => row.name));
  const shadowOwner = (name) => {
    const cut = name.lastIndexOf('_');
    return cut > 0 && FTS5_SHADOWS.includes(name.slice(cut + 1)) && virtual.has(name.slice(0, cut)) ? name.slice(0, cut) : null;
  };
  const groupOfTable = (table) => (INTERNAL.test(table) ? INTERNAL_GROUP : (shadowOwner(table) ?? table));
  const groups = new Map();
  for (const row of schema) {
    if (row.type === 'table') groups.set(row.name, groupOfTable(row.name));
    else if (row.type === 'index') groups.set(row.name, groupOfTable(row.tbl_name));
  }
  return groups;
}

/** The sqlite_schema rows of an open database. */
function schemaOf(db) {
  return db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE type IN ('table', 'index')").all();
}

/**
 * Measures an open database (node:sqlite DatabaseSync): per table group, the bytes of its
 * pages (dbstat), each part's bytes and the table's rows; members are the rows of `users`.
 * Groups come sorted by bytes, largest first.
 */
export function measureDatabase(db) {
  const groupOf = tableGroups(schemaOf(db));
  const pageSize = db.prepare('PRAGMA page_size').get().page_size;
  const groups = new Map();
  for (const { name, bytes } of db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name').all()) {
    // dbstat names the schema's own b-tree sqlite_schema (or sqlite_master), which has no row in sqlite_schema.
    const group = groupOf.get(name) ?? (INTERNAL.test(name) ? INTERNAL_GROUP : name);
    const entry = groups.get(group) ?? { bytes: 0, parts: {} };
    entry.bytes += Number(bytes);
    entry.parts[name] = Number(bytes);
    groups.set(group, entry);
  }
  const quoted = (name) => `"${name.replaceAll('"', '""')}"`;
  for (const [group, entry] of groups) {
    if (group !== INTERNAL_GROUP) entry.rows = Number(db.prepare(`SELECT count(*) AS n FROM ${quoted(group)}`).get().n);
  }
  const members = groups.has('users') ? groups.get('users').rows : 0;
  const totalBytes = [...groups.values()].reduce((sum, entry) => sum + entry.bytes, 0);
  const sorted = [...groups].sort(([, a], [, b]) => b.bytes - a.bytes);
  return {
    members,
    pageSize,
    pages: Number(db.prepare('PRAGMA page_count').get().page_count),
    freeBytes: Number(db.prepare('PRAGMA freelist_count').get().freelist_count) * pageSize,
    totalBytes,
    totalBytesPerMember: members ? totalBytes / members : null,
    groups: Object.fromEntries(sorted.map(([group, entry]) => [group, { ...entry, bytesPerMember: members ? entry.bytes / members : null }])),
  };
}

/** The local D1 database file of a state folder (miniflare's layout). */
export function d1FileOf(stateDir) {
  const d1Dir = path.join(stateDir, 'v3/d1/miniflare-D1DatabaseObject');
  const file = existsSync(d1Dir) && readdirSync(d1Dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database under ${d1Dir}`);
  return path.join(d1Dir, file);
}

/** A file's bytes together with its write-ahead log, which holds rows not yet checkpointed. */
function bytesWithWal(file) {
  return statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
}

/**
 * Per Durable Object class with SQLite storage in the state folder
 * (`<dir>/v3/do/<script>-<Class>/<id>.sqlite`): objects, and the median, p95 and largest
 * file in bytes (with its WAL). Empty when the folder has none.
 */
export function measureDurableObjects(stateDir) {
  const doDir = path.join(stateDir, 'v3/do');
  if (!existsSync(doDir)) return {};
  const classes = {};
  for (const folder of readdirSync(doDir).sort()) {
    const files = readdirSync(path.join(doDir, folder)).filter((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
    if (files.length === 0) continue;
    const sizes = files.map((name) => bytesWithWal(path.join(doDir, folder, name)));
    const className = folder.slice(folder.lastIndexOf('-') + 1);
    classes[className] = { objects: sizes.length, medianBytes: percentile(sizes, 50), p95Bytes: percentile(sizes, 95), maxBytes: Math.max(...sizes) };
  }
  return classes;
}

/** The D1 file's bytes on disk, with its WAL. */
export const d1FileBytes = bytesWithWal;
