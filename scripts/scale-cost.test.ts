import { describe, expect, it } from 'vitest';
import { ACTIVITY, bytesPerMember, kindFigures, limitUse, monthlyCost, PRICES, requestsAtSize } from '../bench/scale/cost-model.mjs';

/** Measured figures as bench/scale/requests.json holds them: every kind the activity costs. */
function requestsAt(rowsRead: number, rowsWritten: number, queries = 4, cpuMsPerRequest = 2) {
  const kinds: Record<string, object> = {};
  for (const item of ACTIVITY) {
    const name = item.kind.endsWith(':') ? `${item.kind} founders` : item.kind;
    kinds[name] = { rowsRead, rowsWritten, queries, cpuMsPerRequest, medianMs: 5, p95Ms: 9 };
  }
  return { members: 1_000_000, kinds };
}

const sizes = {
  members: 1_000_000,
  groups: {
    users: { bytesPerMember: 1_000 },
    messages: { bytesPerMember: 4_000 },
    notifications: { bytesPerMember: 3_000 },
    profile_views: { bytesPerMember: 1_000 },
  },
};

describe('the scale cost model', () => {
  it('averages every search kind for a `search:` action and refuses a kind it was not given', () => {
    const requests = {
      kinds: {
        'search: a': { rowsRead: 10, rowsWritten: 0, queries: 2, cpuMsPerRequest: 1 },
        'search: b': { rowsRead: 30, rowsWritten: 0, queries: 4, cpuMsPerRequest: 3 },
      },
    };
    expect(kindFigures(requests, 'search:')).toEqual({ rowsRead: 20, rowsWritten: 0, queries: 3, cpuMs: 2 });
    expect(() => kindFigures(requests, 'feed: page 1')).toThrow(/no request kind feed: page 1/);
  });

  it('moves the bytes of the groups that live in member objects out of D1', () => {
    expect(bytesPerMember(sizes)).toEqual({ d1: 9_000, objects: 0 });
    // Without the objects' own files, they hold what the groups held in D1 …
    expect(bytesPerMember(sizes, { notifications: 3_000, profile_views: 1_000 })).toEqual({ d1: 5_000, objects: 4_000 });
    // … a group already gone from the measured D1 counts with its last measured bytes, and the files win when measured.
    const { notifications: _, ...withoutNotifications } = sizes.groups;
    expect(bytesPerMember({ groups: withoutNotifications }, { notifications: 3_000, profile_views: 1_000 }, 24_000)).toEqual({ d1: 5_000, objects: 24_000 });
  });

  it('bills only what a month uses beyond what Workers Paid includes', () => {
    // No reads or writes: D1 rows cost nothing, whatever the membership.
    const idle = monthlyCost({ members: 1_000_000, requests: requestsAt(0, 0), bytes: bytesPerMember(sizes) });
    const line = (cost: typeof idle, name: string) => cost.lines.find(([label]) => label === name)![1];
    expect(line(idle, 'D1 rows read')).toBe(0);
    expect(line(idle, 'D1 rows written')).toBe(0);
    // 9 KB × 1M = 9 GB of D1, 5 GB included: 4 GB at $0.75.
    expect(line(idle, 'D1 storage')).toBeCloseTo(4 * PRICES.d1StorageGb.price, 6);
    // One row written per action: every action a member takes in a month, × 1M, less 50M included.
    const actions = ACTIVITY.reduce((sum, item) => sum + item.perMonth, 0);
    const writing = monthlyCost({ members: 1_000_000, requests: requestsAt(0, 1), bytes: bytesPerMember(sizes) });
    expect(line(writing, 'D1 rows written')).toBeCloseTo(((actions * 1e6 - 50e6) / 1e6) * PRICES.d1RowsWritten.price, 6);
    expect(writing.total).toBeGreaterThan(idle.total);
  });

  it('says at how many members a limit reaches half and all of it', () => {
    const rows = limitUse({ members: 1_000_000, requests: requestsAt(5, 1), bytes: bytesPerMember(sizes), queryMs: 1, largestObjectBytes: 1e6 });
    const database = rows.find((row) => row.limit.startsWith('One D1 database: 10 GB'))!;
    // 9,000 bytes per member: 10 GB at 1.11M members, half of it at 556k.
    expect(database.share).toBeCloseTo(0.9, 6);
    expect(database.fullAt).toBe(1_111_111);
    expect(database.halfAt).toBe(555_556);
    const moved = limitUse({
      members: 1_000_000,
      requests: requestsAt(5, 1),
      bytes: bytesPerMember(sizes, { notifications: 3_000, profile_views: 1_000 }),
      queryMs: 1,
      largestObjectBytes: 1e6,
    });
    expect(moved.find((row) => row.limit.startsWith('One D1 database: 10 GB'))!.fullAt).toBe(2_000_000);
    // A per-request limit does not grow with members.
    expect(rows.find((row) => row.limit.startsWith('D1 queries per request'))!.halfAt).toBeNull();
  });

  it('splits D1 by member: each database holds its share, and a search asked of all is served by each', () => {
    const whole = limitUse({ members: 1_000_000, requests: requestsAt(5, 1), bytes: bytesPerMember(sizes), queryMs: 1, largestObjectBytes: 1e6 });
    const split = { databases: 4, everyDatabase: ['search:'], headObject: ['feed: page 1'] };
    const rows = limitUse({ members: 1_000_000, requests: requestsAt(5, 1), bytes: bytesPerMember(sizes), queryMs: 1, largestObjectBytes: 1e6, split });
    const row = (list: typeof rows, start: string) => list.find((one) => one.limit.startsWith(start))!;
    // 9,000 bytes per member over 4 databases: each holds a quarter (10 GB at 4.4M members).
    expect(row(rows, 'One of 4 D1 databases: 10 GB').used).toBeCloseTo(row(whole, 'One D1 database: 10 GB').used / 4, 3);
    expect(row(rows, 'One of 4 D1 databases: 10 GB').fullAt).toBe(4_444_444);
    // Every database serves all the searches' queries and a quarter of the rest.
    const monthly = ACTIVITY.reduce((sum, item) => sum + item.perMonth, 0);
    const searches = ACTIVITY.filter((item) => item.kind === 'search:').reduce((sum, item) => sum + item.perMonth, 0);
    const queries = row(rows, 'One of 4 D1 databases: queries a second').used / row(whole, 'One D1 database: queries a second').used;
    expect(queries).toBeCloseTo((searches + (monthly - searches) / 4) / monthly, 6);
    // A search asks all four: four times its measured queries in one request.
    expect(row(rows, 'D1 queries per request').used).toBe(16);
    // The feed's head object takes every first page: 40 a member and month, at 3× the average.
    const feed = ACTIVITY.find((item) => item.kind === 'feed: page 1')!.perMonth;
    expect(row(rows, "The feed's head object").used).toBeCloseTo(((feed * 1_000_000) / (30 * 24 * 3600)) * 3, 6);
    expect(row(whole, "The feed's head object")).toBeUndefined();
    // The month: the searches read each database's rows, the head object answers the feed's first pages.
    const line = (cost: ReturnType<typeof monthlyCost>, name: string) => cost.lines.find(([label]) => label === name)![1];
    const reading = requestsAt(1_000_000, 0);
    const one = monthlyCost({ members: 1_000_000, requests: reading, bytes: bytesPerMember(sizes) });
    const four = monthlyCost({ members: 1_000_000, requests: reading, bytes: bytesPerMember(sizes), split });
    expect(four.usage.d1RowsRead - one.usage.d1RowsRead).toBeCloseTo(searches * 1_000_000 * 1_000_000 * 3, 0);
    expect(four.usage.objectRequests - one.usage.objectRequests).toBe(feed * 1_000_000);
    expect(line(four, 'D1 rows read')).toBeGreaterThan(line(one, 'D1 rows read'));
  });

  it("keeps a split search's session lookup on the member's database and reads each database's rows at its own size", () => {
    const split = { databases: 4, localQueries: 1, everyDatabase: ['search:'] };
    const whole = limitUse({ members: 1_000_000, requests: requestsAt(5, 1), bytes: bytesPerMember(sizes), queryMs: 1, largestObjectBytes: 1e6 });
    const rows = limitUse({ members: 1_000_000, requests: requestsAt(5, 1), bytes: bytesPerMember(sizes), queryMs: 1, largestObjectBytes: 1e6, split });
    // 4 queries a search: the lookup on one database, the other 3 on all four.
    expect(rows.find((row) => row.limit.startsWith('D1 queries per request'))!.used).toBe(3 * 4 + 1);
    const monthly = ACTIVITY.reduce((sum, item) => sum + item.perMonth, 0);
    const searches = ACTIVITY.filter((item) => item.kind === 'search:').reduce((sum, item) => sum + item.perMonth, 0);
    const onOne = (searches * (3 + 1 / 4) + ((monthly - searches) * 4) / 4) / (monthly * 4);
    const share = rows.find((row) => row.limit.startsWith('One of 4 D1 databases: queries'))!.used / whole.find((row) => row.limit.startsWith('One D1 database: queries'))!.used;
    expect(share).toBeCloseTo(onOne, 6);
    // Rows read: each of the 4 databases reads what a search reads at a quarter of the members.
    const atFull = requestsAt(1_000, 0);
    const atQuarter = requestsAt(300, 0);
    const one = monthlyCost({ members: 1_000_000, requests: atFull, bytes: bytesPerMember(sizes) });
    const four = monthlyCost({ members: 1_000_000, requests: atFull, bytes: bytesPerMember(sizes), split, requestsPerDatabase: atQuarter });
    expect(four.usage.d1RowsRead - one.usage.d1RowsRead).toBeCloseTo(searches * 1_000_000 * (300 * 4 - 1_000), 0);
  });

  it('carries rows to a size not measured as they grew between the two largest sizes', () => {
    const measured = {
      '10k': { members: 10_000, kinds: { flat: { rowsRead: 50, rowsWritten: 2 }, linear: { rowsRead: 1_000, rowsWritten: 0 } } },
      '100k': { members: 100_000, kinds: { flat: { rowsRead: 50, rowsWritten: 2 }, linear: { rowsRead: 10_000, rowsWritten: 0 } } },
    };
    const at = requestsAtSize(measured, 10_000_000);
    expect(at.members).toBe(10_000_000);
    expect(at.kinds.flat.rowsRead).toBeCloseTo(50, 6);
    expect(at.kinds.flat.rowsWritten).toBeCloseTo(2, 6);
    expect(at.kinds.linear.rowsRead).toBeCloseTo(1_000_000, 3);
    expect(requestsAtSize(measured, 100_000)).toBe(measured['100k']);
  });
});
