/**
 * Lists of posts: the feed (newest first, by group or hashtag), the pinned posts, the
 * edit history of a post and the sitemap's slugs. Posts by members blocked either way
 * are left out of every list the viewer sees.
 */
import { sql, type SQL } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import type { Deps } from '../deps';
import { blockedWith } from '../members/blocks';
import { memberCards } from '../members/cards';
import { offsetOf, type Paged, pageOf } from '../db/paging';
import { visiblePost } from './actions';
import { loadPosts, type Viewer } from './read';
import type { FeedPost, MediaItem, Poll, PostVersion } from './schemas';
import { normalHashtag } from './tags';

export type FeedQuery = {
  page: number;
  limit: number;
  order: 'asc' | 'desc';
  group?: string | undefined;
  hashtag?: string | undefined;
  isPinned?: boolean | undefined;
};

/** The page and total statements of a feed query (exported for the query-plan test). */
export function feedStatements(viewerId: string, query: FeedQuery, tag: string | undefined): { page: SQL; total: SQL } {
  const filters: SQL[] = [];
  if (query.group) filters.push(sql`p.group_name = ${query.group}`);
  // A hashtag's feed reads its posts in order from the feed_hashtags key (tag, created_at, post_id).
  if (tag) filters.push(sql`h.tag = ${tag}`);
  const from = tag ? sql`feed_hashtags h JOIN feed_posts p ON p.id = h.post_id` : sql`feed_posts p`;
  const newest = tag ? ['h.created_at', 'h.post_id'] : ['p.created_at', 'p.id'];
  if (query.isPinned !== undefined) filters.push(sql`p.is_pinned = ${query.isPinned ? 1 : 0}`);
  const blocked = blockedWith(viewerId);
  const matching = filters.length > 0 ? sql.join(filters, sql` AND `) : sql`1`;
  const tagOnly = tag !== undefined && filters.length === 1;
  // The whole feed or a group's is one row of feed_post_counts (kept by triggers); a hashtag
  // alone is counted on the feed_hashtags key, without visiting each post.
  const allMatches =
    tag === undefined && query.isPinned === undefined
      ? sql`SELECT coalesce((SELECT posts FROM feed_post_counts WHERE group_key = ${query.group ?? ''}), 0)`
      : sql`SELECT count(*) FROM ${tagOnly ? sql`feed_hashtags h` : from} WHERE ${matching}`;
  const direction = sql.raw(query.order === 'asc' ? 'ASC' : 'DESC');
  const [first, second] = query.isPinned ? ['p.pinned_at', 'p.id'] : newest;
  const order = sql`${sql.raw(first!)} ${direction}, ${sql.raw(second!)} ${direction}`;
  return {
    page: sql`
      SELECT p.id FROM ${from} WHERE ${matching} AND p.author_user_id NOT IN ${blocked}
      ORDER BY ${order} LIMIT ${query.limit} OFFSET ${offsetOf(query)}`,
    // Every match less the blocked authors' posts (read by the author index): no NOT IN
    // evaluated for each of many posts.
    total: sql`
      SELECT (${allMatches}) - (SELECT count(*) FROM ${from} WHERE ${matching} AND p.author_user_id IN ${blocked}) AS n`,
  };
}

/** One page of the feed as the viewer sees it. Pinned lists read newest pin first. */
export async function listPosts(deps: Pick<Deps, 'db' | 'clock'>, viewer: NonNullable<Viewer>, query: FeedQuery): Promise<Paged<FeedPost>> {
  const tag = query.hashtag === undefined ? undefined : normalHashtag(query.hashtag);
  if (tag === null) return pageOf([], 0, query);
  const statements = feedStatements(viewer.userId, query, tag);
  // The page's ids and the total in one round trip, then the posts in one more.
  const [page, total] = await runBatch(deps.db, [statements.page, statements.total]);
  const ids = (page!.results as { id: string }[]).map((row) => row.id);
  return pageOf(await loadPosts(deps, ids, viewer), (total!.results as { n: number }[])[0]!.n, query);
}

type HistoryRow = { id: string; text: string; poll: string | null; media: string; group_name: string | null; edited_by: string | null; created_at: string };

/** The earlier versions of a post, newest first (members who may see the post). */
export async function postHistory(deps: Pick<Deps, 'db'>, viewerId: string, postId: string): Promise<{ data: PostVersion[] }> {
  await visiblePost(deps, postId, viewerId);
  const rows = await deps.db.all<HistoryRow>(sql`
    SELECT id, text, poll, media, group_name, edited_by, created_at FROM feed_post_history
    WHERE post_id = ${postId} ORDER BY created_at DESC, rowid DESC`);
  const editors = await memberCards(deps, [...new Set(rows.flatMap((row) => (row.edited_by ? [row.edited_by] : [])))]);
  const data = rows.map((row) => ({
    _id: row.id,
    text: row.text,
    poll: row.poll ? (JSON.parse(row.poll) as Poll) : null,
    media: JSON.parse(row.media) as MediaItem[],
    group: row.group_name,
    replacedAt: row.created_at,
    editedBy: (row.edited_by && editors.get(row.edited_by)) || null,
  }));
  return { data };
}

/** The slugs of the newest 50,000 posts with their last change, for the sitemap. */
export async function sitemapPosts(deps: Pick<Deps, 'db'>): Promise<{ data: { slug: string; updatedAt: string }[] }> {
  const data = await deps.db.all<{ slug: string; updatedAt: string }>(sql`SELECT slug, updated_at AS updatedAt FROM feed_posts ORDER BY created_at DESC, id DESC LIMIT 50000`);
  return { data };
}
