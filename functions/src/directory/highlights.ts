/**
 * The visitor home's signs of life (docs/product.md#visitors-and-public-pages): the site's
 * figures, a few featured advisors and the newest public posts, all of members who allow
 * search engines. Read at most once a minute per Cloudflare location: the answer is kept in
 * the Cache API (docs/decisions.md), so a visit costs no database read.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { cachedJson } from './cached';
import { loadPosts } from '../feed/read';
import { searchMembers } from '../search/search';
import type { Highlights, SiteFigures } from './schemas';
import { PUBLIC_AUTHOR } from './topics';

/** Featured advisors and recent posts on the home. */
export const FEATURED_ADVISORS = 6;
export const RECENT_POSTS = 4;

/** The first instant of `at`'s month in UTC, as stored times are written. */
export function monthStart(at: Date): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString();
}

/**
 * The figures in one statement: members and advisors from the search counters (kept by
 * triggers), cities from the counters' city rows, introductions from the accepted
 * connections' index (migration 0036) since the month began.
 */
export async function siteFigures(deps: Pick<Deps, 'db' | 'clock'>): Promise<SiteFigures> {
  const [row] = await deps.db.all<SiteFigures>(sql`SELECT
    (SELECT coalesce(sum(members), 0) FROM search_counts WHERE member_type IN ('founder', 'advisor') AND kind = '' AND value = '') AS members,
    (SELECT coalesce(sum(members), 0) FROM search_counts WHERE member_type = 'advisor' AND kind = '' AND value = '') AS advisors,
    (SELECT count(DISTINCT value) FROM search_counts WHERE member_type IN ('founder', 'advisor') AND kind = 'city' AND members > 0) AS cities,
    (SELECT count(*) FROM connections INDEXED BY connections_accepted_responded WHERE status = 'accepted' AND responded_at >= ${monthStart(deps.clock.now())}) AS introductionsThisMonth`);
  return {
    members: Number(row?.members ?? 0),
    advisors: Number(row?.advisors ?? 0),
    cities: Number(row?.cities ?? 0),
    introductionsThisMonth: Number(row?.introductionsThisMonth ?? 0),
  };
}

/** The newest posts a visitor may see, newest first (the feed_posts_created index, backwards). */
export async function recentPublicPosts(deps: Pick<Deps, 'db' | 'clock'>, limit = RECENT_POSTS) {
  const ids = await deps.db.all<{ id: string }>(sql`SELECT p.id AS id FROM feed_posts p WHERE ${PUBLIC_AUTHOR} ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`);
  return loadPosts(
    deps,
    ids.map((row) => row.id),
    null,
  );
}

/** Everything the visitor home shows, read now. */
export async function readHighlights(deps: Pick<Deps, 'db' | 'clock'>): Promise<Highlights> {
  const [figures, advisors, posts] = await Promise.all([
    siteFigures(deps),
    searchMembers(deps, null, { memberType: 'advisor', tags: {}, order: 'pictures-first' }, { page: 1, limit: FEATURED_ADVISORS }),
    recentPublicPosts(deps),
  ]);
  return { figures, advisors: advisors.data, posts, generatedAt: deps.clock.now().toISOString() };
}

/** How long a location keeps the highlights: a new member or post shows within a minute. */
export const HIGHLIGHTS_MAX_AGE = 60;

/** The Cache API key of the highlights (any URL on a host of our own; never fetched). */
const HIGHLIGHTS_KEY = 'https://cache.foundermesh.internal/directory/highlights/v1';

/** The highlights from `cache` when a fresh copy is there, else read and stored for HIGHLIGHTS_MAX_AGE seconds. */
export function cachedHighlights(deps: Pick<Deps, 'db' | 'clock'>, cache: Cache | null): Promise<Highlights> {
  return cachedJson(cache, HIGHLIGHTS_KEY, HIGHLIGHTS_MAX_AGE, () => readHighlights(deps));
}
