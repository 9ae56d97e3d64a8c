/**
 * Public topic pages (docs/product.md#visitors-and-public-pages): the posts of one hashtag
 * by members who allow search engines and are listed, newest first, read from the
 * feed_hashtags key (tag, created_at, post_id); and the hashtags the sitemap lists.
 */
import { sql, type SQL } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import { offsetOf, type Paged, pageOf } from '../db/paging';
import type { Deps } from '../deps';
import { loadPosts } from '../feed/read';
import type { FeedPost } from '../feed/schemas';
import { normalHashtag } from '../feed/tags';
import { SUSPENDED_IDS, UNLISTED_IDS } from '../members/listed';
import { OPTED_OUT_OF_SEARCH_ENGINES } from '../members/search-engines';
import { TOPIC_PAGE_SIZE } from './limits';

/** The post author `p.author_user_id` may be shown to a visitor (each list read once). */
export const PUBLIC_AUTHOR: SQL = sql`p.author_user_id NOT IN ${OPTED_OUT_OF_SEARCH_ENGINES} AND p.author_user_id NOT IN ${UNLISTED_IDS} AND p.author_user_id NOT IN ${SUSPENDED_IDS}`;

/** The page and total statements of a topic (exported for the query-plan test). */
export function topicStatements(tag: string, page: { page: number; limit: number }): { page: SQL; total: SQL } {
  const from = sql`feed_hashtags h JOIN feed_posts p ON p.id = h.post_id`;
  return {
    page: sql`SELECT h.post_id AS id FROM ${from} WHERE h.tag = ${tag} AND ${PUBLIC_AUTHOR}
      ORDER BY h.created_at DESC, h.post_id DESC LIMIT ${page.limit} OFFSET ${offsetOf(page)}`,
    total: sql`SELECT count(*) AS n FROM ${from} WHERE h.tag = ${tag} AND ${PUBLIC_AUTHOR}`,
  };
}

/** One page of a hashtag's public posts, as a visitor sees them; null when `raw` cannot be a hashtag. */
export async function topicPage(deps: Pick<Deps, 'db' | 'clock'>, raw: string, pageNumber: number): Promise<(Paged<FeedPost> & { tag: string }) | null> {
  const tag = normalHashtag(raw);
  if (tag === null) return null;
  const request = { page: pageNumber, limit: TOPIC_PAGE_SIZE };
  const statements = topicStatements(tag, request);
  const [ids, total] = await runBatch(deps.db, [statements.page, statements.total]);
  const posts = await loadPosts(
    deps,
    (ids!.results as { id: string }[]).map((row) => row.id),
    null,
  );
  return { ...pageOf(posts, (total!.results as { n: number }[])[0]!.n, request), tag };
}

/** The sitemap's share of topics: at most this many hashtags. */
export const SITEMAP_TOPICS = 1000;

/**
 * The hashtags of the newest public posts, each with its newest post's time, newest first:
 * the newest 5,000 public posts are read by the feed_posts_created index, their hashtags by
 * feed_hashtags_post.
 */
export async function sitemapTopics(deps: Pick<Deps, 'db'>, max = SITEMAP_TOPICS): Promise<{ tag: string; updatedAt: string }[]> {
  return deps.db.all<{ tag: string; updatedAt: string }>(sql`
    WITH recent AS (SELECT p.id FROM feed_posts p WHERE ${PUBLIC_AUTHOR} ORDER BY p.created_at DESC, p.id DESC LIMIT 5000)
    SELECT h.tag AS tag, max(h.created_at) AS updatedAt FROM recent JOIN feed_hashtags h ON h.post_id = recent.id
    GROUP BY h.tag ORDER BY updatedAt DESC, h.tag LIMIT ${max}`);
}
