// The digest producer's D1 queries on a scale state (issue 18): runs the real
// `enqueueDueDigests` (functions/src/missed-mail/digest-queue.ts, bundled with esbuild) RUNS
// times in a row from the first member on, against the state's D1 file opened read-only and
// immutable (nothing is written: the cursor is kept in memory, the queue only counts), and
// prints each run's ids and query count with the per-query median, p95 and max in ms.
//
//   npx node bench/digest-producer.mjs .wrangler/scale-1m            (members' digests all due)
//   npx node bench/digest-producer.mjs .wrangler/scale-1m nobody-due (the due rule made false:
//     every query walks its whole window and finds nobody, the producer's most expensive case)
//
// SQLite on this machine, without D1's round trip; no budget of its own: it reports.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { build } from 'esbuild';
import { median, percentile } from './lib/report.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stateDir = path.resolve(root, process.argv[2] ?? '.wrangler/scale-100k');
const nobodyDue = process.argv[3] === 'nobody-due';
const RUNS = Number(process.env.RUNS ?? 3);

const d1Dir = path.join(stateDir, 'v3/d1/miniflare-D1DatabaseObject');
const file = readdirSync(d1Dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
if (!file) throw new Error(`no D1 database under ${d1Dir}`);
const sqlite = new DatabaseSync(new URL(`file://${path.join(d1Dir, file)}?immutable=1`), { readOnly: true });

const entry = `export { enqueueDueDigests } from './functions/src/missed-mail/digest-queue.ts';
export { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';`;
const bundle = await build({ stdin: { contents: entry, resolveDir: root, loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'warning' });
const { enqueueDueDigests, SQLiteSyncDialect } = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);

const dialect = new SQLiteSyncDialect();
let cursor = '';
let times = [];
const db = {
  async all(query) {
    const { sql, params } = dialect.sqlToQuery(query);
    if (sql.includes('FROM job_cursors')) return cursor ? [{ cursor }] : [];
    const text = nobodyDue ? sql.replace('WHERE c.last_at IS NULL OR c.last_at', 'WHERE c.last_at IS NOT NULL AND c.last_at') : sql;
    const began = performance.now();
    const rows = sqlite.prepare(text).all(...params);
    times.push(performance.now() - began);
    return rows;
  },
  // saveCursor (job, cursor, at): kept in memory, never written.
  async run(query) {
    cursor = dialect.sqlToQuery(query).params[1];
    return { meta: { changes: 1 } };
  },
};
const clock = { now: () => new Date() };

const members = sqlite.prepare('SELECT count(*) AS n FROM users').get().n;
console.log(`${members.toLocaleString('en')} members, ${nobodyDue ? 'nobody due' : 'the due rule as it is'}`);
for (let run = 1; run <= RUNS; run++) {
  times = [];
  let ids = 0;
  const began = performance.now();
  await enqueueDueDigests({ db, clock }, { sendBatch: async (messages) => (ids += [...messages].length) });
  const total = performance.now() - began;
  console.log(
    `run ${run}: ${ids} ids, ${times.length} queries, ${total.toFixed(0)} ms; per query median ${median(times).toFixed(1)}, p95 ${percentile(times, 95).toFixed(1)}, max ${Math.max(...times).toFixed(1)} ms`,
  );
}
