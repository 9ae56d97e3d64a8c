// What a member search would cost with D1 split by member over several databases (issue 18,
// docs/decisions.md "The split, by the numbers"): the product's own search code
// (functions/src/search, bundled with esbuild) runs in Node against local D1 databases served
// by wrangler's platform proxy (miniflare's workerd, as `npm start` serves D1), each a copy
// of one generated state, so each holds as many members as one database of the split would.
//
//   npx node bench/scale/fanout.mjs --state-dir .wrangler/scale-100k --label 100k [--shards 24]
//   (ROUNDS=60 WARMUP=10)
//
// For each budgeted search (BUDGETED_SEARCHES, the scale bench's), every round times:
//   one       the search on one database;
//   together  the same search with every statement sent to all the databases at once
//             (fanout-model.mjs's fanOutBinding), through the local stack;
//   each      the search on each database alone, one after the other: the slowest of them is
//             what a runtime that ran the databases side by side would wait for.
// Each database is warmed before the timing, and the three are timed in a rotating order.
// "Slowest alone" is a lower bound of what a split search would wait for: a search of two
// steps (words counted, then ranked; tagging's two queries) waits for the slowest database at
// each step. And every copy answers as database 0 does, so a search takes the path one
// database's counts choose (words matching few members are ranked) where the merged counts
// might choose another, and page 10 reads OFFSET 180 where each database of a split would
// return its first 200 rows to merge.
// Writes bench/scale/fanout.json under the label and the table between the
// `<!-- scale:fanout:start -->` and `end` markers of docs/scale.md. The state's D1 is only
// checkpointed (its WAL folded in, so a copy is whole); the copies live in .wrangler/bench-fanout.
import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DatabaseSync } from 'node:sqlite';
import { build } from 'esbuild';
import { getPlatformProxy } from 'wrangler';
import { root } from '../../scripts/lib/run.mjs';
import { replaceBetweenMarkers } from './chart-model.mjs';
import { fanOutBinding, fanOutFigures, queryOf } from './fanout-model.mjs';
import { BUDGETED_SEARCHES, SEARCH_P95_MS } from './requests-model.mjs';
import { memberEmail } from './model.mjs';
import { d1FileOf } from './sizes-measure.mjs';

const { values: args } = parseArgs({ options: { 'state-dir': { type: 'string' }, label: { type: 'string' }, shards: { type: 'string', default: '24' } } });
if (!args['state-dir'] || !args.label) throw new Error('use --state-dir <dir> --label <name> [--shards 24]');
const SHARDS = Number(args.shards);
if (!Number.isInteger(SHARDS) || SHARDS < 2) throw new Error('--shards must be a whole number from 2');
const ROUNDS = Number(process.env.ROUNDS ?? 60);
const WARMUP = Number(process.env.WARMUP ?? 10);
const ownDir = path.join(root, '.wrangler/bench-fanout');
const resultsFile = path.join(import.meta.dirname, 'fanout.json');

/** The state's D1 file, its WAL folded in (so a copy is whole), and a member to search as. */
function sourceDatabase(stateDir) {
  const source = d1FileOf(stateDir);
  const db = new DatabaseSync(source);
  try {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const members = Number(db.prepare('SELECT count(*) AS n FROM users').get().n);
    const viewer = db.prepare('SELECT id FROM users WHERE email = ?').get(memberEmail(0))?.id;
    if (!viewer) throw new Error(`the state has no ${memberEmail(0)}`);
    return { source, members, viewerId: viewer };
  } finally {
    db.close();
  }
}

/** The search code of the API, bundled for Node. */
async function searchCode() {
  const outfile = path.join(ownDir, 'search.mjs');
  await build({
    stdin: {
      contents: [
        "export { searchMembers } from './functions/src/search/search.ts';",
        "export { taggingProfiles } from './functions/src/search/tagging.ts';",
        "export { AdvisorSearchQuerySchema, FounderSearchQuerySchema, ProfilesSearchQuerySchema, TaggingQuerySchema, tagFilters } from './functions/src/search/schemas.ts';",
        "export { db } from './functions/src/db/client.ts';",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'warning',
  });
  return import(outfile);
}

/** The search a budgeted path asks for, as the route hands it to the search code. */
function searchOf(code, searchPath, viewerId) {
  const url = new URL(searchPath, 'http://bench');
  const query = queryOf(url);
  const deps = (binding) => ({ db: code.db({ DB: binding }) });
  if (url.pathname === '/founder/tagging-profiles') {
    const { query: words, ...page } = code.TaggingQuerySchema.parse(query);
    return (binding) => code.taggingProfiles(deps(binding), viewerId, words, page);
  }
  if (url.pathname === '/profiles/search') {
    const { _limit, _page, q, memberType, ...filters } = code.ProfilesSearchQuerySchema.parse(query);
    const criteria = { memberType, q, tags: code.tagFilters(filters), order: 'pictures-first' };
    return (binding) => code.searchMembers(deps(binding), viewerId, criteria, { page: _page, limit: _limit });
  }
  const memberType = url.pathname === '/founder/search' ? 'founder' : 'advisor';
  const schema = memberType === 'founder' ? code.FounderSearchQuerySchema : code.AdvisorSearchQuerySchema;
  const { limit, page, q, ...filters } = schema.parse(query);
  const criteria = { memberType, q, tags: code.tagFilters(filters), order: 'relevance' };
  return (binding) => code.searchMembers(deps(binding), viewerId, criteria, { page, limit });
}

/** `SHARDS` local D1 databases, each a copy of `source` (copied again when the source changed). */
async function shardDatabases(source) {
  const stateDir = path.join(ownDir, 'state');
  const configPath = path.join(ownDir, 'wrangler.json');
  mkdirSync(ownDir, { recursive: true });
  const databases = Array.from({ length: SHARDS }, (_, i) => ({ binding: `DB${i}`, database_name: `shard-${i}`, database_id: `shard-${i}` }));
  writeFileSync(configPath, JSON.stringify({ name: 'fanout-bench', compatibility_date: '2026-08-01', d1_databases: databases }, null, 2));
  const open = () => getPlatformProxy({ configPath, persist: { path: stateDir } });
  const { size, mtimeMs } = statSync(source);
  const stamp = JSON.stringify({ source, size, mtimeMs, shards: SHARDS });
  const stampFile = path.join(ownDir, 'copied.json');
  // The platform proxy persists without wrangler dev's `v3` folder.
  const proxyD1Dir = path.join(stateDir, 'd1/miniflare-D1DatabaseObject');
  const copies = () => (existsSync(proxyD1Dir) ? readdirSync(proxyD1Dir).filter((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite') : []);
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp || copies().length !== SHARDS) {
    rmSync(stateDir, { recursive: true, force: true });
    // The proxy creates each database's file on its first query; then each is replaced by a copy.
    const first = await open();
    await Promise.all(databases.map(({ binding }) => first.env[binding].prepare('SELECT 1').all()));
    await first.dispose();
    const files = copies();
    if (files.length !== SHARDS) throw new Error(`expected ${SHARDS} databases under ${proxyD1Dir}, found ${files.length}`);
    console.log(`• copying ${path.relative(root, source)} (${(size / 1e9).toFixed(2)} GB) to ${SHARDS} databases`);
    for (const file of files) {
      const target = path.join(proxyD1Dir, file);
      for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
      copyFileSync(source, target, constants.COPYFILE_FICLONE);
    }
    writeFileSync(stampFile, stamp);
  }
  const proxy = await open();
  return { proxy, bindings: databases.map(({ binding }) => proxy.env[binding]) };
}

/** The ms `run` took. */
async function timed(run) {
  const started = performance.now();
  const page = await run();
  if (!Array.isArray(page.data) || typeof page.total !== 'number') throw new Error('a search answered no page');
  return performance.now() - started;
}

const { source, members, viewerId } = sourceDatabase(path.resolve(root, args['state-dir']));
const code = await searchCode();
const { proxy, bindings } = await shardDatabases(source);
const together = fanOutBinding(bindings);
const load = loadavg()[0];
const kinds = {};
try {
  for (const [name, searchPath] of BUDGETED_SEARCHES) {
    const search = searchOf(code, searchPath, viewerId);
    for (let i = 0; i < WARMUP; i += 1) {
      await search(together);
      for (const binding of bindings) await search(binding);
    }
    // How many members it finds (a search that finds nobody is shown as such).
    const { total: found } = await search(bindings[0]);
    const rounds = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const round = { each: [] };
      const steps = {
        each: async () => {
          for (const binding of bindings) round.each.push(await timed(() => search(binding)));
        },
        one: async () => {
          round.one = await timed(() => search(bindings[0]));
        },
        together: async () => {
          round.together = await timed(() => search(together));
        },
      };
      const order = Object.keys(steps);
      for (let step = 0; step < order.length; step += 1) await steps[order[(i + step) % order.length]]();
      rounds.push(round);
    }
    const figures = { found, ...fanOutFigures(rounds) };
    kinds[`search: ${name}`] = figures;
    console.log(
      `  ${name}: one ${figures.one.medianMs} / ${figures.one.p95Ms} ms, ${SHARDS} together ${figures.together.medianMs} / ${figures.together.p95Ms}, slowest alone ${figures.slowest.medianMs} / ${figures.slowest.p95Ms}`,
    );
  }
} finally {
  await proxy.dispose();
}

const results = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
results[args.label] = { at: new Date().toISOString(), membersPerDatabase: members, shards: SHARDS, rounds: ROUNDS, load, cores: availableParallelism(), kinds };
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

const table = [
  `Each database holds ${members.toLocaleString('en')} members (\`${args.label}\`), ${SHARDS} of them: ${(members * SHARDS).toLocaleString('en')} members in all; ${ROUNDS} rounds, load ${load.toFixed(1)} on ${availableParallelism()} cores before the run. Median / p95 ms.`,
  '',
  `| Search (budget p95 ≤ ${SEARCH_P95_MS}) | found in one | one database | ${SHARDS} at once, local stack | slowest of ${SHARDS} alone | sum of ${SHARDS} alone |`,
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...Object.entries(kinds).map(
    ([name, k]) =>
      `| ${name} | ${k.found.toLocaleString('en')} | ${k.one.medianMs} / ${k.one.p95Ms} | ${k.together.medianMs} / ${k.together.p95Ms} | ${k.slowest.medianMs} / ${k.slowest.p95Ms} | ${k.sumOfEach.medianMs} / ${k.sumOfEach.p95Ms} |`,
  ),
].join('\n');
const docs = path.join(root, 'docs/scale.md');
writeFileSync(docs, replaceBetweenMarkers(readFileSync(docs, 'utf8'), 'fanout', table));
console.log(table);
