// The pure parts of the scale request bench (bench/scale/requests.mjs): its arguments, the
// choice of typical members, the statistics and budgets of each request kind, the D1 usage
// averaged over metered requests, and which processes descend from the bench. No I/O here,
// so scripts/scale-requests.test.ts checks them.
import { median, percentile } from '../lib/report.mjs';
import { CITIES } from './model.mjs';

const lagos = CITIES.find(([, label]) => label.startsWith('Lagos'))[0];
const SORT = '_sort=profilePicture:DESC,legacyProfilePicture:DESC,createdAt:DESC';

/** The search budget of the earlier issues: p95 ≤ 30 ms. */
export const SEARCH_P95_MS = 30;

/** The budgeted searches, [name, path]: timed by bench/search.mjs, bench/scale/requests.mjs and bench/scale/fanout.mjs. */
export const BUDGETED_SEARCHES = [
  ['founders: q + filters', '/founder/search?limit=20&page=1&q=payroll&industries=fintech&industries=b2b-saas&commitment=full-time'],
  ['founders: filters only', '/founder/search?limit=20&page=1&skills=engineering&industries=fintech&remote=true&looking=true'],
  ['founders: filters, page 10', '/founder/search?limit=20&page=10&technical=false&commitment=full-time'],
  ['founders: no filter', '/founder/search?limit=20&page=1'],
  ['advisors: filters', '/advisor/search?limit=21&page=1&expertise=fundraising&expertise=finance&industries=fintech&help=investing'],
  ['advisors: q', `/advisor/search?limit=21&page=1&q=${encodeURIComponent('former cfo')}`],
  ['profiles: filters', `/profiles/search?${SORT}&_limit=20&_page=1&industries=climate&city=${lagos}`],
  ['profiles: q + filters', `/profiles/search?${SORT}&_limit=20&_page=1&q=lagos&remote=true`],
  ['tagging-profiles', '/founder/tagging-profiles?query=ad&limit=10&page=1'],
];

/** `--state-dir <dir> --label <name> [--no-fail]`. */
export function parseArgs(argv) {
  const args = { stateDir: null, label: null, noFail: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--no-fail') args.noFail = true;
    else if (arg === '--state-dir' || arg === '--label') {
      const value = argv[i + 1];
      if (!value || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      args[arg === '--state-dir' ? 'stateDir' : 'label'] = value;
      i += 1;
    } else throw new Error(`unknown argument ${arg} (use --state-dir <dir> --label <name> [--no-fail])`);
  }
  if (!args.stateDir) throw new Error('--state-dir is required (a folder written by bench/scale/generate.mjs)');
  if (!args.label) throw new Error('--label is required (the key in bench/scale/requests.json, e.g. 10k)');
  return args;
}

/**
 * `count` members closest to the typical one: candidates are `{ connections, threads, … }`;
 * the distance to the medians of both counts is measured relative to each median, and ties
 * keep the candidates' order. Answers the medians and the picked candidates.
 */
export function pickTypical(candidates, count) {
  if (candidates.length === 0) throw new Error('no candidate members');
  const medianConnections = median(candidates.map((c) => c.connections));
  const medianThreads = median(candidates.map((c) => c.threads));
  const distance = (c) => Math.abs(c.connections - medianConnections) / Math.max(medianConnections, 1) + Math.abs(c.threads - medianThreads) / Math.max(medianThreads, 1);
  const picked = candidates
    .map((candidate, order) => ({ candidate, order, distance: distance(candidate) }))
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, count)
    .map((entry) => entry.candidate);
  return { medianConnections, medianThreads, picked };
}

const round = (value, digits = 2) => Number(value.toFixed(digits));

/** Median and p95 (nearest rank) of timings in ms. */
export function timing(samples) {
  if (samples.length === 0) throw new Error('no samples');
  return { requests: samples.length, medianMs: round(median(samples)), p95Ms: round(percentile(samples, 95)) };
}

/** The D1 usage headers of one metered answer (http/d1-meter.ts), or null when the answer has none. */
export function usageOf(headers) {
  const queries = headers.get('x-d1-queries');
  if (queries === null) return null;
  return {
    queries: Number(queries),
    rowsRead: Number(headers.get('x-d1-rows-read')),
    rowsWritten: Number(headers.get('x-d1-rows-written')),
    unmetered: Number(headers.get('x-d1-unmetered')),
  };
}

/** The mean per request of usages (each from usageOf), rounded to one decimal. */
export function averageUsage(usages) {
  if (usages.length === 0 || usages.some((usage) => usage === null)) throw new Error('every metered answer must carry the x-d1-* headers (ENVIRONMENT=development?)');
  const mean = (key) => round(usages.reduce((sum, usage) => sum + usage[key], 0) / usages.length, 1);
  return { meteredRequests: usages.length, queries: mean('queries'), rowsRead: mean('rowsRead'), rowsWritten: mean('rowsWritten'), unmetered: mean('unmetered') };
}

/**
 * CPU ms per request from a process's CPU seconds before and after `requests` requests. Fewer
 * seconds after than before means the worker restarted meanwhile (wrangler dev reloads it
 * when a source file changes), and the requests' figures mix two workers.
 */
export function cpuMsPerRequest(secondsBefore, secondsAfter, requests) {
  if (requests <= 0) throw new Error('no requests');
  if (secondsAfter < secondsBefore) throw new Error('the worker restarted during these requests (a source file changed?): run the bench again');
  return round(((secondsAfter - secondsBefore) * 1000) / requests);
}

/** The pids among `processes` (`{ pid, ppid }`) that descend from `root` (not itself). */
export function descendantsOf(processes, root) {
  const children = new Map();
  for (const { pid, ppid } of processes) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found = new Set();
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift();
    if (found.has(pid)) continue;
    found.add(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** The figure a kind's budget reads (`median` or `p95`) and whether it holds. */
export function budgetHolds(figures, budget) {
  const value = budget.statistic === 'median' ? figures.medianMs : figures.p95Ms;
  return value <= budget.ms;
}

/** One line per kind over its budget: `name: p95 31.2 ms > 30 ms`. */
export function overBudget(kinds) {
  return Object.entries(kinds)
    .filter(([, kind]) => kind.budget && !budgetHolds(kind, kind.budget))
    .map(([name, kind]) => `${name}: ${kind.budget.statistic} ${kind.budget.statistic === 'median' ? kind.medianMs : kind.p95Ms} ms > ${kind.budget.ms} ms`);
}

/**
 * Whether to send request `done + 1` of a kind: up to `rounds`, and after `seconds` have
 * passed only until `minRounds` are done, so that a kind taking seconds per request on the
 * largest states ends in bounded time (its figures say how many requests they hold).
 */
export function keepGoing(done, elapsedMs, { rounds, minRounds, seconds }) {
  if (done >= rounds) return false;
  return done < minRounds || elapsedMs < seconds * 1000;
}

/** The migration files (`NNNN_name.sql`) of `files` that `applied` (d1_migrations names) lacks, in order. */
export function missingMigrations(files, applied) {
  const done = new Set(applied);
  return files.filter((name) => /^\d{4}_.+\.sql$/.test(name) && !done.has(name)).sort();
}
