// Shared helpers for the bench scripts: statistics and the results file docs/benchmarks.md reads from.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const resultsFile = path.resolve(import.meta.dirname, '../results.json');

export function median(values) {
  return percentile(values, 50);
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/** Stores a benchmark's latest figures, with the date, in bench/results.json. */
export function recordBenchmark(name, figures) {
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  const all = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
  all[name] = { ...figures, measuredAt: new Date().toISOString() };
  writeFileSync(resultsFile, `${JSON.stringify(all, null, 2)}\n`);
}

/**
 * Times `rounds` sequential GETs of `url` with a Bearer token; fails on any answer but 200.
 * Answers the samples (ms) and the last body, parsed.
 */
export async function timedGets(url, token, rounds) {
  const samples = [];
  let body;
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    body = await response.text();
    samples.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body}`);
  }
  return { samples, body: JSON.parse(body) };
}
