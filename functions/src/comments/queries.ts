/**
 * Reading comments and replies as the wire shapes, with their authors' cards and their
 * stored mentions, in a fixed number of queries per page. Members blocked either way
 * with the viewer are left out.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import { offsetOf, type Paged, pageOf, type PageRequest } from '../db/paging';
import type { Deps } from '../deps';
import { runBatch } from '../db/batch';
import { REPLIES_PER_COMMENT } from '../shared/feed-limits';
import type { Comment, CommentMention, Reply } from './schemas';

/** Who reads: a member (their blocks hide people; admins may delete anything) or a visitor. */
export type CommentViewer = { id: string; admin: boolean; hidden: ReadonlySet<string> } | null;

type TextRow = MemberCardRow & { id: string; post_id: string; text: string; edited_at: string | null; created_at: string; updated_at: string };
type CommentRow = TextRow & { reply_count: number };
type ReplyRow = TextRow & { comment_id: string };

const TEXT_COLUMNS = sql.raw('t.id, t.post_id, t.text, t.edited_at, t.created_at, t.updated_at');
const hiddenJson = (viewer: CommentViewer) => JSON.stringify([...(viewer?.hidden ?? [])]);

function authored(row: TextRow, viewer: CommentViewer, mentions: Map<string, CommentMention[]>) {
  const mine = viewer?.id === row.m_id;
  return {
    postId: row.post_id,
    text: row.text,
    author: toMemberCard(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    editedAt: row.edited_at,
    mentions: mentions.get(row.id) ?? [],
    canEdit: mine,
    canDelete: mine || viewer?.admin === true,
  };
}

function toReply(row: ReplyRow, viewer: CommentViewer, mentions: Map<string, CommentMention[]>): Reply {
  return { _id: row.id, replyId: row.id, commentId: row.comment_id, ...authored(row, viewer, mentions) };
}

type MentionRow = MemberCardRow & { text_id: string };

/** The stored mentions of a post's comments and replies that `which` selects (`postId`: the id, or SQL that selects it). */
function mentionsStatement(postId: string | SQL, which: SQL): SQL {
  return sql`
    SELECT m.comment_id AS text_id, ${MEMBER_CARD_COLUMNS}
    FROM feed_mentions m JOIN users u ON u.id = m.user_id ${MEMBER_CARD_JOINS}
    WHERE m.post_id = ${postId} AND ${which}
    ORDER BY m.rowid`;
}

/** Mention rows by comment or reply id. */
function mentionsByText(rows: readonly MentionRow[]): Map<string, CommentMention[]> {
  const byText = new Map<string, CommentMention[]>();
  for (const row of rows) {
    const card = toMemberCard(row);
    const list = byText.get(row.text_id) ?? [];
    list.push({ _id: card._id, name: card.name, slug: card.slug, memberType: card.memberType });
    byText.set(row.text_id, list);
  }
  return byText;
}

/** The stored mentions of comments and replies of a post, by comment or reply id. */
async function mentionsOf(deps: Pick<Deps, 'db'>, postId: string, textIds: readonly string[]): Promise<Map<string, CommentMention[]>> {
  if (textIds.length === 0) return new Map();
  const rows = await deps.db.all<MentionRow>(mentionsStatement(postId, sql`m.comment_id IN (SELECT value FROM json_each(${JSON.stringify(textIds)}))`));
  return mentionsByText(rows);
}

/** The first REPLIES_PER_COMMENT replies of each comment `commentIds` (an SQL list) selects, oldest first. */
function repliesStatement(commentIds: SQL, viewer: CommentViewer): SQL {
  return sql`
    SELECT * FROM (
      SELECT ${TEXT_COLUMNS}, t.comment_id, ${MEMBER_CARD_COLUMNS},
        row_number() OVER (PARTITION BY t.comment_id ORDER BY t.created_at, t.rowid) AS position
      FROM feed_replies t JOIN users u ON u.id = t.author_user_id ${MEMBER_CARD_JOINS}
      WHERE t.comment_id IN ${commentIds}
        AND t.author_user_id NOT IN (SELECT value FROM json_each(${hiddenJson(viewer)})))
    WHERE position <= ${REPLIES_PER_COMMENT}
    ORDER BY comment_id, position`;
}

async function repliesOf(deps: Pick<Deps, 'db'>, commentIds: readonly string[], viewer: CommentViewer): Promise<ReplyRow[]> {
  if (commentIds.length === 0) return [];
  return deps.db.all<ReplyRow>(repliesStatement(sql`(SELECT value FROM json_each(${JSON.stringify(commentIds)}))`, viewer));
}

/** Comment rows with their replies and the mentions by text id → wire comments. */
function toComments(rows: CommentRow[], replies: ReplyRow[], mentions: Map<string, CommentMention[]>, viewer: CommentViewer): Comment[] {
  return rows.map((row) => ({
    _id: row.id,
    commentId: row.id,
    ...authored(row, viewer, mentions),
    replyCount: row.reply_count,
    replies: replies.filter((reply) => reply.comment_id === row.id).map((reply) => toReply(reply, viewer, mentions)),
  }));
}

/** Comment rows → wire comments with their replies and mentions. */
async function assemble(deps: Pick<Deps, 'db'>, postId: string, rows: CommentRow[], viewer: CommentViewer): Promise<Comment[]> {
  const replies = await repliesOf(
    deps,
    rows.map((row) => row.id),
    viewer,
  );
  const mentions = await mentionsOf(deps, postId, [...rows.map((row) => row.id), ...replies.map((row) => row.id)]);
  return toComments(rows, replies, mentions, viewer);
}

/**
 * A page of the comments of the post `idOrSlug` names (its id or its slug), oldest first,
 * each with its first replies, or null when there is no such post: one D1 batch (the post,
 * the page, the total, the replies of the page's comments and the post's comment mentions,
 * each naming the post by a subquery), so the public post page pays one round trip for them.
 */
export async function commentPage(deps: Pick<Deps, 'db'>, idOrSlug: string, viewer: CommentViewer, request: PageRequest): Promise<Paged<Comment> | null> {
  const postId = sql`(SELECT id FROM feed_posts WHERE id = ${idOrSlug} UNION ALL SELECT id FROM feed_posts WHERE slug = ${idOrSlug} LIMIT 1)`;
  const hidden = hiddenJson(viewer);
  const visible = sql`t.post_id = ${postId} AND t.author_user_id NOT IN (SELECT value FROM json_each(${hidden}))`;
  const page = sql`ORDER BY t.created_at, t.rowid LIMIT ${request.limit} OFFSET ${offsetOf(request)}`;
  const [post, rows, total, replies, mentions] = await runBatch(deps.db, [
    sql`SELECT ${postId} AS id`,
    sql`SELECT ${TEXT_COLUMNS}, t.reply_count, ${MEMBER_CARD_COLUMNS}
      FROM feed_comments t JOIN users u ON u.id = t.author_user_id ${MEMBER_CARD_JOINS}
      WHERE ${visible} ${page}`,
    sql`SELECT count(*) AS total FROM feed_comments t WHERE ${visible}`,
    repliesStatement(sql`(SELECT id FROM (SELECT t.id FROM feed_comments t WHERE ${visible} ${page}))`, viewer),
    mentionsStatement(postId, sql`m.comment_id <> ''`),
  ]);
  if ((post!.results as { id: string | null }[])[0]?.id == null) return null;
  const comments = toComments(rows!.results as CommentRow[], replies!.results as ReplyRow[], mentionsByText(mentions!.results as MentionRow[]), viewer);
  return pageOf(comments, (total!.results as { total: number }[])[0]!.total, request);
}

/**
 * A page of one comment's replies, oldest first (a comment brings its first
 * REPLIES_PER_COMMENT; the rest are read here), with their mentions: one D1 batch. Null
 * when the comment is missing or its author is hidden from the viewer.
 */
export async function replyPage(deps: Pick<Deps, 'db'>, commentId: string, viewer: CommentViewer, request: PageRequest): Promise<Paged<Reply> | null> {
  const hidden = hiddenJson(viewer);
  const visible = sql`t.comment_id = ${commentId} AND t.author_user_id NOT IN (SELECT value FROM json_each(${hidden}))`;
  const page = sql`ORDER BY t.created_at, t.rowid LIMIT ${request.limit} OFFSET ${offsetOf(request)}`;
  const [comment, rows, total, mentions] = await runBatch(deps.db, [
    sql`SELECT post_id FROM feed_comments WHERE id = ${commentId} AND author_user_id NOT IN (SELECT value FROM json_each(${hidden}))`,
    sql`SELECT ${TEXT_COLUMNS}, t.comment_id, ${MEMBER_CARD_COLUMNS}
      FROM feed_replies t JOIN users u ON u.id = t.author_user_id ${MEMBER_CARD_JOINS}
      WHERE ${visible} ${page}`,
    sql`SELECT count(*) AS total FROM feed_replies t WHERE ${visible}`,
    mentionsStatement(
      sql`(SELECT post_id FROM feed_comments WHERE id = ${commentId})`,
      sql`m.comment_id IN (SELECT id FROM (SELECT t.id FROM feed_replies t WHERE ${visible} ${page}))`,
    ),
  ]);
  if (comment!.results.length === 0) return null;
  const byText = mentionsByText(mentions!.results as MentionRow[]);
  const replies = (rows!.results as ReplyRow[]).map((row) => toReply(row, viewer, byText));
  return pageOf(replies, (total!.results as { total: number }[])[0]!.total, request);
}

/** One comment as the viewer sees it, or null when there is none. */
export async function findComment(deps: Pick<Deps, 'db'>, commentId: string, viewer: CommentViewer): Promise<Comment | null> {
  const [row] = await deps.db.all<CommentRow>(sql`
    SELECT ${TEXT_COLUMNS}, t.reply_count, ${MEMBER_CARD_COLUMNS}
    FROM feed_comments t JOIN users u ON u.id = t.author_user_id ${MEMBER_CARD_JOINS}
    WHERE t.id = ${commentId}`);
  if (!row) return null;
  const [comment] = await assemble(deps, row.post_id, [row], viewer);
  return comment!;
}

/** One reply as the viewer sees it, or null when there is none. */
export async function findReply(deps: Pick<Deps, 'db'>, replyId: string, viewer: CommentViewer): Promise<Reply | null> {
  const [row] = await deps.db.all<ReplyRow>(sql`
    SELECT ${TEXT_COLUMNS}, t.comment_id, ${MEMBER_CARD_COLUMNS}
    FROM feed_replies t JOIN users u ON u.id = t.author_user_id ${MEMBER_CARD_JOINS}
    WHERE t.id = ${replyId}`);
  if (!row) return null;
  return toReply(row, viewer, await mentionsOf(deps, row.post_id, [row.id]));
}
