// Bytes per member of a scale state, per table with its indexes (docs/scale.md, "Sizes"):
// opens the state's D1 SQLite file read-only, sums dbstat's pages per table group, counts
// rows, and measures the Durable Objects' SQLite files when the folder has any. Stores the
// figures under --label in bench/scale/sizes.json, which bench/scale/chart.mjs draws.
//
//   npm run bench:scale:sizes -- --state-dir .wrangler/scale-100k --label 100k
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { root } from '../../scripts/lib/run.mjs';
import { d1FileBytes, d1FileOf, measureDatabase, measureDurableObjects } from './sizes-measure.mjs';

const { values: args } = parseArgs({
  options: {
    'state-dir': { type: 'string' },
    label: { type: 'string' },
    out: { type: 'string', default: 'bench/scale/sizes.json' },
  },
});
if (!args['state-dir']) throw new Error('--state-dir is required (a folder made by bench/scale/generate.mjs)');
if (!args.label) throw new Error('--label is required (10k, 100k or 1m: the key in sizes.json)');
const stateDir = path.resolve(root, args['state-dir']);
const file = d1FileOf(stateDir);
const started = Date.now();

const db = new DatabaseSync(file, { readOnly: true });
const database = measureDatabase(db);
db.close();
const seconds = (Date.now() - started) / 1000;

const figures = {
  stateDir: args['state-dir'],
  measuredAt: new Date().toISOString(),
  seconds,
  fileBytes: d1FileBytes(file),
  ...database,
  durableObjects: measureDurableObjects(stateDir),
};
const out = path.resolve(root, args.out);
const all = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : {};
all[args.label] = figures;
writeFileSync(out, `${JSON.stringify(all, null, 2)}\n`);

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
console.log(
  `${args.label}: ${database.members.toLocaleString('en-US')} members, D1 file ${(figures.fileBytes / 1e9).toFixed(2)} GB, ${kb(database.totalBytesPerMember)} per member (${seconds.toFixed(1)} s)`,
);
for (const [group, entry] of Object.entries(database.groups).slice(0, 12)) {
  console.log(
    `  ${group.padEnd(28)} ${Math.round(entry.bytesPerMember).toLocaleString('en-US').padStart(7)} B/member  ${(entry.rows ?? 0).toLocaleString('en-US').padStart(12)} rows`,
  );
}
for (const [className, stats] of Object.entries(figures.durableObjects)) {
  console.log(`  DO ${className}: ${stats.objects} objects, median ${kb(stats.medianBytes)}, p95 ${kb(stats.p95Bytes)}, max ${kb(stats.maxBytes)}`);
}
console.log(`→ ${path.relative(root, out)}`);
