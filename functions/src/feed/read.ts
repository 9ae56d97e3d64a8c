/**
 * Posts as a viewer sees them. `loadPosts` turns post ids into FeedPosts with a fixed
 * number of queries whatever the page size (posts with authors, media, polls with the
 * viewer's votes, the viewer's likes, hashtags, mentions), so every list of posts (the
 * feed, a group, a hashtag, the post page, the comments' parents) costs the same.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps';
import { runBatch } from '../db/batch';
import { blockedEitherWay } from '../members/blocks';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import { isAdmin } from '../shared/roles';
import type { Account } from '../users/wire';
import type { FeedPost, MediaItem, Mention, Poll } from './schemas';

/** Who is looking: a member (admins may delete any post) or a visitor (null). */
export type Viewer = { userId: string; admin: boolean } | null;

/** The viewer of a signed-in account (or of a visitor: null). */
export function viewerOf(account: Account | null): Viewer {
  return account ? { userId: account.user.id, admin: isAdmin(account.user) } : null;
}

type PostRow = MemberCardRow & {
  p_id: string;
  p_slug: string;
  p_text: string;
  p_group: string | null;
  p_pinned: number;
  p_created: string;
  p_updated: string;
  p_edited: string | null;
  p_likes: number;
  p_comments: number;
};

type MediaRow = { id: string; post_id: string; r2_key: string; mime: string; alt: string | null; width: number | null; height: number | null };
type PollRow = {
  poll_id: string;
  post_id: string;
  question: string | null;
  closes_at: string | null;
  option_id: string;
  label: string;
  votes: number;
  voted_option: string | null;
};
type MentionRow = MemberCardRow & { post_id: string };

const idsParam = (ids: readonly string[]) => JSON.stringify(ids);

/** The media of a row as on the wire. */
export function toMediaItem(row: MediaRow): MediaItem {
  return { _id: row.id, url: row.r2_key, mime: row.mime, alt: row.alt, width: row.width, height: row.height };
}

/** Builds polls from option rows (ordered by position) given the time that closes them. */
export function toPolls(rows: readonly PollRow[], now: Date): Map<string, Poll> {
  const polls = new Map<string, Poll>();
  for (const row of rows) {
    let poll = polls.get(row.post_id);
    if (!poll) {
      const closed = row.closes_at !== null && Date.parse(row.closes_at) <= now.getTime();
      poll = { _id: row.poll_id, question: row.question, options: [], totalVotes: 0, closesAt: row.closes_at, closed, votedOptionId: row.voted_option };
      polls.set(row.post_id, poll);
    }
    poll.options.push({ _id: row.option_id, label: row.label, votes: row.votes, share: 0 });
    poll.totalVotes += row.votes;
  }
  for (const poll of polls.values()) {
    for (const option of poll.options) option.share = poll.totalVotes === 0 ? 0 : option.votes / poll.totalVotes;
  }
  return polls;
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The option rows of some posts' polls with the viewer's vote. */
function pollRowsStatement(ids: SQL, viewerId: string | null): SQL {
  return sql`
    SELECT pl.id AS poll_id, pl.post_id, pl.question, pl.closes_at, o.id AS option_id, o.label, o.vote_count AS votes,
      (SELECT v.option_id FROM feed_poll_votes v WHERE v.poll_id = pl.id AND v.user_id = ${viewerId ?? ''}) AS voted_option
    FROM feed_polls pl JOIN feed_poll_options o ON o.poll_id = pl.id
    WHERE pl.post_id IN ${ids}
    ORDER BY pl.post_id, o.position`;
}

/** The polls of some posts (keyed by post id) with the viewer's vote. */
export async function loadPolls(deps: Pick<Deps, 'db' | 'clock'>, postIds: readonly string[], viewerId: string | null): Promise<Map<string, Poll>> {
  const rows = await deps.db.all<PollRow>(pollRowsStatement(sql`(SELECT value FROM json_each(${idsParam(postIds)}))`, viewerId));
  return toPolls(rows, deps.clock.now());
}

/**
 * The posts of `postIds` as the viewer sees them, in the order given; ids with no post
 * are left out. Blocking is the caller's concern (lists leave blocked authors out).
 */
export async function loadPosts(deps: Pick<Deps, 'db' | 'clock'>, postIds: readonly string[], viewer: Viewer): Promise<FeedPost[]> {
  if (postIds.length === 0) return [];
  const byId = await postsWhere(deps, sql`(SELECT value FROM json_each(${idsParam(postIds)}))`, viewer);
  return postIds.map((id) => byId.get(id)).filter((post): post is FeedPost => post !== undefined);
}

/**
 * The posts whose ids `ids` (a parenthesized SQL list or subquery) selects, by id, as the
 * viewer sees them. One D1 batch: a single round trip to the database whatever the page
 * size, and none before it when `ids` is a subquery (the post page's slug).
 */
async function postsWhere(deps: Pick<Deps, 'db' | 'clock'>, ids: SQL, viewer: Viewer): Promise<Map<string, FeedPost>> {
  const viewerId = viewer?.userId ?? '';
  const results = await runBatch(deps.db, [
    sql`
      SELECT p.id AS p_id, p.slug AS p_slug, p.text AS p_text, p.group_name AS p_group, p.is_pinned AS p_pinned,
        p.created_at AS p_created, p.updated_at AS p_updated, p.edited_at AS p_edited, p.like_count AS p_likes,
        p.comment_count AS p_comments, ${MEMBER_CARD_COLUMNS}
      FROM feed_posts p JOIN users u ON u.id = p.author_user_id ${MEMBER_CARD_JOINS}
      WHERE p.id IN ${ids}`,
    sql`
      SELECT id, post_id, r2_key, mime, alt, width, height FROM feed_post_media
      WHERE post_id IN ${ids} ORDER BY post_id, position`,
    pollRowsStatement(ids, viewer?.userId ?? null),
    sql`
      SELECT post_id FROM feed_likes WHERE user_id = ${viewerId} AND post_id IN ${ids}`,
    sql`
      SELECT post_id, tag FROM feed_hashtags WHERE post_id IN ${ids} ORDER BY post_id, tag`,
    sql`
      SELECT m.post_id, ${MEMBER_CARD_COLUMNS}
      FROM feed_mentions m JOIN users u ON u.id = m.user_id ${MEMBER_CARD_JOINS}
      WHERE m.comment_id = '' AND m.post_id IN ${ids}`,
  ]);
  const rowsOf = <T>(index: number) => results[index]!.results as T[];
  const posts = rowsOf<PostRow>(0);
  const media = rowsOf<MediaRow>(1);
  const polls = toPolls(rowsOf<PollRow>(2), deps.clock.now());
  const liked = rowsOf<{ post_id: string }>(3);
  const tags = rowsOf<{ post_id: string; tag: string }>(4);
  const mentions = rowsOf<MentionRow>(5);
  const mediaByPost = groupBy(media, (row) => row.post_id);
  const likedIds = new Set(liked.map((row) => row.post_id));
  const tagsByPost = groupBy(tags, (row) => row.post_id);
  const mentionsByPost = groupBy(mentions, (row) => row.post_id);
  return new Map(
    posts.map((row): [string, FeedPost] => {
      const author = toMemberCard(row);
      const own = viewer !== null && viewer.userId === row.m_id;
      return [
        row.p_id,
        {
          _id: row.p_id,
          slug: row.p_slug,
          text: row.p_text,
          poll: polls.get(row.p_id) ?? null,
          media: (mediaByPost.get(row.p_id) ?? []).map(toMediaItem),
          isPinned: row.p_pinned === 1,
          group: row.p_group,
          createdAt: row.p_created,
          updatedAt: row.p_updated,
          editedAt: row.p_edited,
          author,
          likeCount: row.p_likes,
          commentCount: row.p_comments,
          likedByUser: likedIds.has(row.p_id),
          hashtags: (tagsByPost.get(row.p_id) ?? []).map((tag) => tag.tag),
          mentions: (mentionsByPost.get(row.p_id) ?? []).map(toMention),
          canEdit: own,
          canDelete: own || (viewer?.admin ?? false),
        },
      ];
    }),
  );
}

/** A mentioned member as on the wire. */
export function toMention(row: MemberCardRow): Mention {
  const card = toMemberCard(row);
  return { _id: card._id, name: card.name, slug: card.slug, memberType: card.memberType };
}

/** One post by id as the viewer sees it, or null. */
export async function postById(deps: Pick<Deps, 'db' | 'clock'>, postId: string, viewer: Viewer): Promise<FeedPost | null> {
  const [post] = await loadPosts(deps, [postId], viewer);
  return post ?? null;
}

/**
 * The post at a slug as the viewer sees it, or null when there is none, or when its
 * author and the viewer blocked each other (then it looks like no post at all). One round
 * trip: the slug and the block check are a subquery of the posts' batch.
 */
export async function postBySlug(deps: Pick<Deps, 'db' | 'clock'>, slug: string, viewer: Viewer): Promise<FeedPost | null> {
  const ids = sql`(SELECT s.id FROM feed_posts s WHERE s.slug = ${slug} AND NOT ${blockedEitherWay(sql`s.author_user_id`, viewer?.userId ?? '')})`;
  const [post] = (await postsWhere(deps, ids, viewer)).values();
  return post ?? null;
}
