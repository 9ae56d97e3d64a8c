import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSvg, replaceBetweenMarkers, requestRowsTable, requestsSpec, requestsTable, sizeSpec, sizesTable } from '../bench/scale/chart-model.mjs';

const fixture = (name: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8'));
const requests = fixture('scale-requests.json');
const sizes = fixture('scale-sizes.json');
/** The data points of an SVG drawn by Vega: each mark item carries its values in aria-label. */
const ariaLabels = (svg: string) => [...svg.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1]);

describe('the scale charts', () => {
  it('draws median and p95 of every request at every size, with its budget, one panel per request', async () => {
    const svg = await renderSvg(requestsSpec(requests));
    expect(svg.startsWith('<svg')).toBe(true);
    const labels = ariaLabels(svg);
    for (const label of ['10k', '100k']) {
      for (const figures of Object.values(requests[label].kinds) as { medianMs: number; p95Ms: number }[]) {
        expect(labels).toContain(`members: ${label}; ms: ${figures.medianMs}; series: median`);
        expect(labels).toContain(`members: ${label}; ms: ${figures.p95Ms}; series: p95`);
      }
    }
    for (const title of ['feed: page 1 p95 ≤ 25 ms', 'search: founders: no filter p95 ≤ 30 ms', 'visitor: public profile page median ≤ 20 ms'])
      expect(labels).toContain(`Title text '${title}'`);
    for (const budget of [25, 30, 20]) expect(labels).toContain(`members: 10k; ms: ${budget}; series: budget`);
    expect(labels.some((label) => label.includes('legend') && label.includes('median, p95, budget'))).toBe(true);
  });

  it('draws bytes per member by table and the database projected to 1M and 10M against the 10 GB limit', async () => {
    const svg = await renderSvg(sizeSpec(sizes));
    const labels = ariaLabels(svg);
    expect(labels).toContain('members: 10k; bytes per member: 3700; table: messages');
    expect(labels).toContain('members: 100k; bytes per member: 3800; table: messages');
    // All that is not drawn apart: 16,900 − 3,800 − 3,000 − 420 − 0.04 bytes per member at 100k.
    expect(labels).toContain('members: 100k; bytes per member: 9680; table: other tables');
    expect(labels).toContain('members: 100k; GB: 1.69; series: measured (pages in use)');
    expect(labels).toContain('members: 1M; GB: 16.9; series: projected (16,900 B/member)');
    expect(labels).toContain('members: 10M; GB: 169; series: projected (16,900 B/member)');
    expect(labels).toContain('gb: 10; text: D1 limit, 10 GB');
    expect(labels).toContain('gb: 5; text: half the limit');
  });
});

describe('the scale tables in docs/scale.md', () => {
  it('puts bytes per member and rows at each size side by side, fewest members first', () => {
    const table = sizesTable(sizes).split('\n');
    expect(table[0]).toBe('| Table (with its indexes) | B/member 10k | B/member 100k | of which indexes 100k | rows 10k | rows 100k |');
    expect(table[2]).toBe('| messages | 3,700 | 3,800 | 1,600 | 112,000 | 1,100,000 |');
    expect(table[3]).toBe('| notifications | 3,000 | 3,000 |  | 71,000 | 716,000 |');
    expect(table).toContain("| empty tables and SQLite's own (1) | 0 | 0 |  |  |  |");
    expect(table).toContain('| **all tables** | **16,800** | **16,900** |  | 10,000 members | 100,000 members |');
    expect(table).toContain('| 10k | MemberLive | 20 | 24,576 B | 40,960 B | 53,248 B |');
  });

  it('puts median / p95 at each size beside the budget and marks a missed one', () => {
    const table = requestsTable(requests).split('\n');
    expect(table[0]).toBe('| Request | Budget | 10k (10,000) median / p95 | 100k (100,000) median / p95 |');
    expect(table).toContain('| feed: page 1 | p95 ≤ 25 ms | 8.4 / 15.0 ms | 11.2 / 19.4 ms |');
    expect(table).toContain('| search: founders: no filter | p95 ≤ 30 ms | 9.6 / 21.2 ms | 14.1 / 33.5 ms (over) |');
    expect(table).toContain('| visitor: public profile page | median ≤ 20 ms | 7.9 / 11.0 ms | 8.3 / 12.9 ms |');
  });

  it('gives the D1 rows read at each size and how they grew, leaving out kinds with none', () => {
    const table = requestRowsTable({
      '10k': { members: 10_000, kinds: { flat: { rowsRead: 61 }, scan: { rowsRead: 1_000 }, page: {} } },
      '1m': { members: 1_000_000, kinds: { flat: { rowsRead: 61 }, scan: { rowsRead: 100_000 }, page: {} } },
    }).split('\n');
    expect(table[0]).toBe('| Request | 10k rows read | 1m rows read | 1m ÷ 10k |');
    expect(table).toContain('| flat | 61 | 61 | 1.0× |');
    expect(table).toContain('| scan | 1,000 | 100,000 | 100.0× |');
    expect(table.some((line) => line.startsWith('| page '))).toBe(false);
  });

  it('replaces only what lies between the markers, and refuses a doc without them', () => {
    const doc = 'before\n<!-- scale:sizes:start -->\nold\n<!-- scale:sizes:end -->\nafter\n';
    expect(replaceBetweenMarkers(doc, 'sizes', 'new')).toBe('before\n<!-- scale:sizes:start -->\nnew\n<!-- scale:sizes:end -->\nafter\n');
    expect(() => replaceBetweenMarkers('no markers', 'requests', 'x')).toThrow(/scale:requests:start/);
  });
});
