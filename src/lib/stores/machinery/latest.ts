/**
 * "Only the latest load wins": a load takes a ticket before it asks, and applies its answer
 * only while that ticket is still the latest. A newer load, or a fresh start from the
 * server's render, makes every answer still on its way stale, so a slow old answer never
 * overwrites a newer one. Tickets rather than AbortController: an answer that arrives
 * late is dropped, but the request itself still completes (a read may have marked a
 * thread read on the server, for example).
 */

/** Asks whether the load that took it may still apply its answer. */
type Ticket = () => boolean;

interface LatestLoad {
  /** A new load: every ticket taken before it is stale from now on. */
  start(): Ticket;
  /** A ticket that follows the latest load without replacing it (its next page, say). */
  follow(): Ticket;
  /** Makes every ticket taken so far stale (the state was replaced from elsewhere). */
  supersede(): void;
  /** How many loads started or were superseded: compare two readings to know whether any did. */
  version(): number;
}

/** A fresh "latest load" counter. */
export function latestLoad(): LatestLoad {
  let latest = 0;
  const ticket =
    (taken: number): Ticket =>
    () =>
      taken === latest;
  return {
    start: () => ticket(++latest),
    follow: () => ticket(latest),
    supersede: () => {
      latest += 1;
    },
    version: () => latest,
  };
}

/** The versions of keyed loads at one moment, to ask later which keys started a load since. */
type LoadMark<K extends string> = Partial<Record<K, number>>;

interface LatestLoads<K extends string> {
  /** The latest-load counter of one key (created on first use). */
  of(key: K): LatestLoad;
  /** Makes every ticket of every key stale. */
  supersedeAll(): void;
  /** The versions of the keys now. */
  mark(): LoadMark<K>;
  /** The keys whose loads started or were superseded since `mark`. */
  changedSince(mark: LoadMark<K>): K[];
}

/** One "latest load" counter per key (one per list of a screen). */
export function latestLoads<K extends string>(): LatestLoads<K> {
  const loads = new Map<K, LatestLoad>();
  const of = (key: K) => {
    const load = loads.get(key) ?? latestLoad();
    loads.set(key, load);
    return load;
  };
  return {
    of,
    supersedeAll: () => loads.forEach((load) => load.supersede()),
    mark: () => Object.fromEntries([...loads].map(([key, load]) => [key, load.version()])) as LoadMark<K>,
    changedSince: (mark) => [...loads].filter(([key, load]) => mark[key] !== load.version()).map(([key]) => key),
  };
}
