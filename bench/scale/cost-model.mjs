// The cost model of docs/scale.md "Cost": what a month of the product costs on Workers Paid
// at a given membership, and which platform limit it meets first. Pure functions over the
// measured figures (bench/scale/sizes.json, bench/scale/requests.json) and the assumptions
// written below; bench/scale/cost.mjs prints it and writes the tables into docs/scale.md.

/**
 * Workers Paid prices, USD (developers.cloudflare.com: workers/platform/pricing,
 * d1/platform/pricing, durable-objects/platform/pricing, r2/pricing; read 2026-11-25).
 * Each: what a month includes, then the price per `per` units beyond it.
 */
export const PRICES = {
  base: 5,
  workerRequests: { included: 10e6, price: 0.3, per: 1e6 },
  workerCpuMs: { included: 30e6, price: 0.02, per: 1e6 },
  d1RowsRead: { included: 25e9, price: 0.001, per: 1e6 },
  d1RowsWritten: { included: 50e6, price: 1.0, per: 1e6 },
  d1StorageGb: { included: 5, price: 0.75, per: 1 },
  objectRequests: { included: 1e6, price: 0.15, per: 1e6 },
  objectStorageGb: { included: 5, price: 0.2, per: 1 },
  // SQLite-backed objects bill rows like D1 (the same inclusions are shared in practice; the
  // model gives objects their own, which flatters them by at most $26 a month).
  objectRowsRead: { included: 25e9, price: 0.001, per: 1e6 },
  objectRowsWritten: { included: 50e6, price: 1.0, per: 1e6 },
  r2StorageGb: { included: 10, price: 0.015, per: 1 },
  r2ClassA: { included: 1e6, price: 4.5, per: 1e6 },
  r2ClassB: { included: 10e6, price: 0.36, per: 1e6 },
};

/** Platform limits the design must stay under (same pages, read 2026-11-25). */
export const LIMITS = {
  d1DatabaseBytes: 10e9,
  objectBytes: 10e9,
  d1QueriesPerInvocation: 1000,
  subrequestsPerRequest: 10_000,
  /** D1 and each object run one query at a time: about 1,000 / (ms per query) queries a second. */
  serialQueriesPerSecondAt1Ms: 1000,
  /** Cloudflare's stated soft limit of requests a second to one object. */
  objectRequestsPerSecond: 1000,
};

/**
 * What an average member does in a month (chosen, not measured: the product has no traffic
 * yet). Each action names the request kind of bench/scale/requests.json whose measured D1
 * rows and CPU it costs, and how many Worker requests it makes (a page is the app worker
 * plus the API worker; a call from a page is the API worker alone).
 */
export const ACTIVITY = [
  // A signed-in page also reads the bell's badge from the member's notification object.
  { action: 'opens the feed', perMonth: 40, kind: 'feed: page 1', workerRequests: 2, objectRequests: 1 },
  { action: 'searches members', perMonth: 8, kind: 'search:', workerRequests: 1 },
  { action: 'opens their connections', perMonth: 6, kind: 'connections: accepted page 1', workerRequests: 2, objectRequests: 1 },
  // The badge, and the member's mailbox (migration 0033): the list is one call to it.
  { action: 'opens the inbox', perMonth: 20, kind: 'threads: page 1', workerRequests: 2, objectRequests: 2 },
  // The sender's mailbox (the thread, the send, the flush), the recipient's (the copy), the
  // recipient's notification object (it also sends the live event) and the live object.
  { action: 'sends a message', perMonth: 15, kind: 'message: stored → event', workerRequests: 1, objectRequests: 6 },
  // Signed in: the view is written to both members' view objects, and the badge is read.
  { action: "opens another member's profile", perMonth: 10, kind: 'visitor: public profile page', workerRequests: 2, objectRequests: 3 },
  { action: 'is seen on a public profile page', perMonth: 15, kind: 'visitor: public profile page', workerRequests: 2 },
  { action: 'has a post page read by a visitor', perMonth: 10, kind: 'visitor: post page', workerRequests: 2 },
];

/** Besides the actions: live sockets, pushes and pictures, per member and month (chosen). */
export const BACKGROUND = {
  /** Wakes of the member's live object besides the actions' (socket opens; pings are free while hibernating). */
  objectRequests: 30,
  /**
   * Notifications and profile views stored in the member's objects (one write each, two for a
   * view: 40), and the 15 messages sent in both mailboxes (the message, its thread and the
   * outbox row in the sender's, the message and its thread in the recipient's: 8 each).
   */
  objectRowsWritten: 40 + 15 * 8,
  /** Lists and badges (400), and the inbox's 20 list pages of 20 threads with their messages (25 rows each). */
  objectRowsRead: 400 + 20 * 25,
  /** Media per member: a profile picture and a share of post pictures and attachments. */
  r2Bytes: 400e3,
  r2ClassA: 2,
  r2ClassB: 60,
};

/** Peak traffic over the month's average (a working-hours product: most of it in a third of the day). */
export const PEAK_FACTOR = 3;
const SECONDS_PER_MONTH = 30 * 24 * 3600;

const billed = (usage, { included, price, per }) => (Math.max(0, usage - included) / per) * price;

/**
 * A design that splits D1 by member (see queriesOf): how many databases, how many of a
 * request's first queries stay on the member's own, which kinds ask every database, and
 * which are also served by one object.
 * @typedef {{ databases: number, localQueries?: number, everyDatabase?: string[], headObject?: string[] }} Split
 */

/** Whether request kind `kind` is one of `names` (each a kind, or a `prefix:` naming all that start with it). */
const matches = (names, kind) => (names ?? []).some((name) => (name.endsWith(':') ? kind.startsWith(name) : kind === name));

/** The request kind of `requests` an action costs (a `search:` prefix averages every search). */
export function kindFigures(requests, kind) {
  const kinds = Object.entries(requests.kinds ?? requests).filter(([name]) => matches([kind], name));
  if (kinds.length === 0) throw new Error(`no request kind ${kind} in the measured figures`);
  const mean = (field) => kinds.reduce((sum, [, figures]) => sum + (Number(figures[field]) || 0), 0) / kinds.length;
  return { rowsRead: mean('rowsRead'), rowsWritten: mean('rowsWritten'), queries: mean('queries'), cpuMs: mean('cpuMsPerRequest') };
}

/**
 * Bytes per member kept in D1 and in the member objects. `sizes` is the D1 measured at one
 * size; `moved` names the table groups that live in member objects in the design, with
 * their bytes per member when they were last measured in D1 (a state whose groups were
 * already moved no longer has them); `objectBytes` is what one member's objects hold on disk.
 */
export function bytesPerMember(sizes, moved = {}, objectBytes = 0) {
  let d1 = 0;
  for (const [name, group] of Object.entries(sizes.groups)) if (!(name in moved)) d1 += group.bytesPerMember;
  const movedBytes = Object.values(moved).reduce((sum, bytes) => sum + bytes, 0);
  return { d1, objects: objectBytes > 0 ? objectBytes : movedBytes };
}

/**
 * Everything a month of `members` members costs, line by line, from the figures measured at
 * the nearest size. With `split`, a kind that asks every database reads each one's rows, as
 * `requestsPerDatabase` gives them (the figures at the membership of one database).
 */
export function monthlyCost({ members, requests, bytes, split = /** @type {Split | null} */ (null), requestsPerDatabase = requests }) {
  const usage = { workerRequests: 0, workerCpuMs: 0, d1RowsRead: 0, d1RowsWritten: 0, objectRequests: 0 };
  for (const item of ACTIVITY) {
    const figures = kindFigures(requests, item.kind);
    const times = item.perMonth * members;
    const asksAll = split !== null && matches(split.everyDatabase, item.kind);
    usage.workerRequests += times * item.workerRequests;
    usage.workerCpuMs += times * figures.cpuMs;
    usage.d1RowsRead += times * (asksAll ? kindFigures(requestsPerDatabase, item.kind).rowsRead * split.databases : figures.rowsRead);
    usage.d1RowsWritten += times * figures.rowsWritten;
    usage.objectRequests += times * ((item.objectRequests ?? 0) + (matches(split?.headObject, item.kind) ? 1 : 0));
  }
  usage.objectRequests += BACKGROUND.objectRequests * members;
  const gb = (perMember) => (perMember * members) / 1e9;
  /** @type {Array<[string, number]>} */
  const lines = [
    ['Workers Paid plan', PRICES.base],
    ['Worker requests', billed(usage.workerRequests, PRICES.workerRequests)],
    ['Worker CPU', billed(usage.workerCpuMs, PRICES.workerCpuMs)],
    ['D1 rows read', billed(usage.d1RowsRead, PRICES.d1RowsRead)],
    ['D1 rows written', billed(usage.d1RowsWritten, PRICES.d1RowsWritten)],
    ['D1 storage', billed(gb(bytes.d1), PRICES.d1StorageGb)],
    ['Object requests', billed(usage.objectRequests, PRICES.objectRequests)],
    ['Object rows read', billed(BACKGROUND.objectRowsRead * members, PRICES.objectRowsRead)],
    ['Object rows written', billed(BACKGROUND.objectRowsWritten * members, PRICES.objectRowsWritten)],
    ['Object storage', billed(gb(bytes.objects), PRICES.objectStorageGb)],
    ['R2 storage', billed(gb(BACKGROUND.r2Bytes), PRICES.r2StorageGb)],
    ['R2 writes (class A)', billed(BACKGROUND.r2ClassA * members, PRICES.r2ClassA)],
    ['R2 reads (class B)', billed(BACKGROUND.r2ClassB * members, PRICES.r2ClassB)],
  ];
  const total = lines.reduce((sum, [, usd]) => sum + usd, 0);
  return { members, usage, bytes, lines, total };
}

/**
 * The measured figures of each request kind carried to `members`: rows read and written
 * grow as they grew between the two largest measured sizes (a power law through both
 * points: flat stays flat, linear stays linear); queries and CPU are kept as measured at
 * the largest size. `measured` is requests.json (label → figures).
 */
export function requestsAtSize(measured, members) {
  const [large, small] = Object.values(measured).sort((a, b) => b.members - a.members);
  if (!small || members === large.members) return large;
  const grow = (field, name) => {
    const at = Number(large.kinds[name]?.[field]) || 0;
    const before = Number(small.kinds[name]?.[field]) || 0;
    if (at <= 0 || before <= 0) return at;
    const power = Math.log(at / before) / Math.log(large.members / small.members);
    return at * (members / large.members) ** power;
  };
  const kinds = Object.fromEntries(
    Object.entries(large.kinds).map(([name, figures]) => [name, { ...figures, rowsRead: grow('rowsRead', name), rowsWritten: grow('rowsWritten', name) }]),
  );
  return { ...large, members, kinds };
}

/**
 * Where the `queries` of one request of `kind` go under `split`, a design that splits D1 by
 * member over `split.databases` databases: `onOne`, how many of them fall on any one database
 * on average, and `inRequest`, how many the request makes in all. The kinds named in
 * `split.everyDatabase` (by name or `prefix:`) ask every database and merge, except their
 * first `split.localQueries` (the session's account lookup), which go to the member's own
 * database; every other kind asks its member's database only. Those in `split.headObject` are
 * also served by one object (the feed's first page), their D1 queries left as measured on the
 * member's database. null: one database.
 */
function queriesOf(split, kind, queries) {
  if (!split) return { onOne: queries, inRequest: queries };
  if (!matches(split.everyDatabase, kind)) return { onOne: queries / split.databases, inRequest: queries };
  const local = Math.min(split.localQueries ?? 0, queries);
  return { onOne: queries - local + local / split.databases, inRequest: (queries - local) * split.databases + local };
}

/** D1 queries a second at peak on one database (of the split's, when given), from the measured queries of each action. */
export function peakD1Queries(requests, members, split = /** @type {Split | null} */ (null)) {
  let perMonth = 0;
  let writesPerMonth = 0;
  for (const item of ACTIVITY) {
    const figures = kindFigures(requests, item.kind);
    perMonth += item.perMonth * members * queriesOf(split, item.kind, figures.queries).onOne;
    if (figures.rowsWritten > 0) writesPerMonth += item.perMonth * members;
  }
  return { queries: (perMonth / SECONDS_PER_MONTH) * PEAK_FACTOR, writes: (writesPerMonth / SECONDS_PER_MONTH) * PEAK_FACTOR };
}

/** Requests a second at peak to the split's head object (the kinds it serves). */
function peakHeadObjectRequests(members, split) {
  const perMonth = ACTIVITY.filter((item) => matches(split?.headObject, item.kind)).reduce((sum, item) => sum + item.perMonth * members, 0);
  return (perMonth / SECONDS_PER_MONTH) * PEAK_FACTOR;
}

/**
 * Each limit at `members`: how much of it the design uses, and at how many members it
 * reaches half and all of it (linear in members; null: never). With `split`, the D1 rows are
 * one of its databases.
 */
export function limitUse({ members, requests, bytes, queryMs, largestObjectBytes, split = /** @type {Split | null} */ (null) }) {
  const databases = split?.databases ?? 1;
  const one = databases > 1 ? `One of ${databases} D1 databases` : 'One D1 database';
  const peak = peakD1Queries(requests, members, split);
  const kinds = Object.entries(requests.kinds ?? requests);
  const mostQueries = Math.max(...kinds.map(([name, figures]) => queriesOf(split, name, Number(figures.queries) || 0).inRequest));
  const serialCapacity = LIMITS.serialQueriesPerSecondAt1Ms / queryMs;
  const rows = [
    { limit: `${one}: 10 GB`, used: (bytes.d1 * members) / databases, of: LIMITS.d1DatabaseBytes, perMember: bytes.d1 / databases },
    { limit: `${one}: queries a second at peak (one at a time, ${queryMs} ms each)`, used: peak.queries, of: serialCapacity, perMember: peak.queries / members },
    { limit: 'D1 queries per request: 1,000', used: mostQueries, of: LIMITS.d1QueriesPerInvocation, perMember: 0 },
    { limit: 'One member object: 10 GB', used: largestObjectBytes, of: LIMITS.objectBytes, perMember: 0 },
  ];
  if (split?.headObject?.length) {
    const used = peakHeadObjectRequests(members, split);
    rows.push({ limit: "The feed's head object: requests a second at peak (about 1,000)", used, of: LIMITS.objectRequestsPerSecond, perMember: used / members });
  }
  return rows.map((row) => ({
    ...row,
    share: row.used / row.of,
    halfAt: row.perMember > 0 ? Math.round(row.of / 2 / row.perMember) : null,
    fullAt: row.perMember > 0 ? Math.round(row.of / row.perMember) : null,
  }));
}
