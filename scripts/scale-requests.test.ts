import { describe, expect, it } from 'vitest';
import {
  averageUsage,
  budgetHolds,
  cpuMsPerRequest,
  descendantsOf,
  keepGoing,
  missingMigrations,
  overBudget,
  parseArgs,
  pickTypical,
  timing,
  usageOf,
} from '../bench/scale/requests-model.mjs';

describe('the scale request bench model', () => {
  it('reads its arguments and names what is missing or unknown', () => {
    expect(parseArgs(['--state-dir', '.wrangler/scale-10k', '--label', '10k'])).toEqual({ stateDir: '.wrangler/scale-10k', label: '10k', noFail: false });
    expect(parseArgs(['--label', '1m', '--no-fail', '--state-dir', '/tmp/s'])).toEqual({ stateDir: '/tmp/s', label: '1m', noFail: true });
    expect(() => parseArgs(['--label', '10k'])).toThrow(/--state-dir is required/);
    expect(() => parseArgs(['--state-dir', 'x'])).toThrow(/--label is required/);
    expect(() => parseArgs(['--state-dir', '--label', '10k'])).toThrow(/--state-dir needs a value/);
    expect(() => parseArgs(['--state-dir', 'x', '--label', 'y', '--fast'])).toThrow(/unknown argument --fast/);
  });

  it('picks the members closest to the medians of connections and threads, in order on ties', () => {
    const candidates = [
      { id: 'a', connections: 0, threads: 0 },
      { id: 'b', connections: 4, threads: 3 },
      { id: 'c', connections: 40, threads: 30 },
      { id: 'd', connections: 4, threads: 3 },
      { id: 'e', connections: 5, threads: 3 },
      { id: 'f', connections: 3, threads: 9 },
    ];
    const { medianConnections, medianThreads, picked } = pickTypical(candidates, 3);
    expect([medianConnections, medianThreads]).toEqual([4, 3]);
    expect(picked.map((c: { id: string }) => c.id)).toEqual(['b', 'd', 'e']);
    expect(() => pickTypical([], 3)).toThrow(/no candidate/);
  });

  it('answers the median and the nearest-rank p95 of timings', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(timing(samples)).toEqual({ requests: 100, medianMs: 50, p95Ms: 95 });
    expect(timing([2.345])).toEqual({ requests: 1, medianMs: 2.35, p95Ms: 2.35 });
    expect(() => timing([])).toThrow(/no samples/);
  });

  it('averages the D1 meter headers, and refuses answers without them', () => {
    const headers = (queries: number, read: number, written: number) =>
      new Headers({ 'x-d1-queries': String(queries), 'x-d1-rows-read': String(read), 'x-d1-rows-written': String(written), 'x-d1-unmetered': '0' });
    expect(usageOf(new Headers())).toBeNull();
    expect(averageUsage([usageOf(headers(3, 100, 0)), usageOf(headers(4, 51, 2))])).toEqual({ meteredRequests: 2, queries: 3.5, rowsRead: 75.5, rowsWritten: 1, unmetered: 0 });
    expect(() => averageUsage([usageOf(headers(1, 1, 1)), null])).toThrow(/x-d1-\* headers/);
    expect(() => averageUsage([])).toThrow();
  });

  it('turns CPU seconds over requests into ms per request', () => {
    expect(cpuMsPerRequest(10.5, 12, 300)).toBe(5);
    expect(() => cpuMsPerRequest(1, 2, 0)).toThrow(/no requests/);
    expect(() => cpuMsPerRequest(12, 3, 300)).toThrow(/worker restarted/);
  });

  it('finds the processes descending from the bench, not its siblings', () => {
    const processes = [
      { pid: 10, ppid: 1 },
      { pid: 11, ppid: 10 },
      { pid: 12, ppid: 11 },
      { pid: 13, ppid: 12 },
      { pid: 20, ppid: 1 },
      { pid: 21, ppid: 20 },
    ];
    expect([...descendantsOf(processes, 10)].sort()).toEqual([11, 12, 13]);
    expect(descendantsOf(processes, 13).size).toBe(0);
  });

  it('stops a kind at its rounds, or past its seconds once the minimum is done', () => {
    const limits = { rounds: 300, minRounds: 50, seconds: 120 };
    expect(keepGoing(0, 0, limits)).toBe(true);
    expect(keepGoing(299, 1000, limits)).toBe(true);
    expect(keepGoing(300, 1000, limits)).toBe(false);
    expect(keepGoing(49, 500_000, limits)).toBe(true);
    expect(keepGoing(50, 500_000, limits)).toBe(false);
    expect(keepGoing(50, 119_999, limits)).toBe(true);
  });

  it('names the migrations a state lacks, ignoring other files', () => {
    const files = ['0025_profile_views_to_objects.sql', '0001_users.sql', '0024_notifications_to_objects.sql', 'README.md', 'meta.json'];
    expect(missingMigrations(files, ['0001_users.sql'])).toEqual(['0024_notifications_to_objects.sql', '0025_profile_views_to_objects.sql']);
    expect(missingMigrations(files, ['0001_users.sql', '0024_notifications_to_objects.sql', '0025_profile_views_to_objects.sql'])).toEqual([]);
  });

  it('reads each budget by its own statistic', () => {
    const kinds = {
      feed: { medianMs: 10, p95Ms: 26, budget: { statistic: 'p95', ms: 25 } },
      page: { medianMs: 19, p95Ms: 60, budget: { statistic: 'median', ms: 20 } },
      send: { medianMs: 11, p95Ms: 12, budget: { statistic: 'median', ms: 10 } },
    };
    expect(budgetHolds(kinds.page, kinds.page.budget)).toBe(true);
    expect(overBudget(kinds)).toEqual(['feed: p95 26 ms > 25 ms', 'send: median 11 ms > 10 ms']);
  });
});
