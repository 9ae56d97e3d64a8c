/**
 * The inputs of the comment routes. The wire shapes (Comment, Reply, CommentPage,
 * Deleted) are the feed's contract in feed/schemas.ts, re-exported here for this module.
 */
import { z } from '@hono/zod-openapi';
import { IdSchema, PageQuerySchema } from '../members/schemas';
import { COMMENT_TEXT_MAX as COMMENT_MAX_LENGTH } from '../shared/feed-limits';
import { readerLimitedText } from '../feed/schemas';

export { REPLIES_PER_COMMENT } from '../shared/feed-limits';

export { CommentPageSchema, CommentSchema, DeletedSchema, ReplyPageSchema, ReplySchema } from '../feed/schemas';
export type { Comment, Mention as CommentMention, Reply } from '../feed/schemas';

const CommentTextSchema = readerLimitedText(COMMENT_MAX_LENGTH)
  .pipe(z.string().min(1))
  .openapi({ description: `1–${COMMENT_MAX_LENGTH} characters. Mentions are written \`@[Name](<user id>)\`.`, example: 'Congrats @[Ada Lovelace](65f1c2a9e4b0a1d2c3e4f5a6)!' });

export const NewCommentBodySchema = z.object({ postId: IdSchema, text: CommentTextSchema }).openapi('NewComment');
export const EditCommentBodySchema = z.object({ commentId: IdSchema, text: CommentTextSchema }).openapi('EditComment');
export const DeleteCommentBodySchema = z.object({ commentId: IdSchema }).openapi('DeleteComment');
export const NewReplyBodySchema = z.object({ commentId: IdSchema, text: CommentTextSchema }).openapi('NewReply');
export const EditReplyBodySchema = z.object({ commentId: IdSchema, replyId: IdSchema, text: CommentTextSchema }).openapi('EditReply');
export const DeleteReplyBodySchema = z.object({ commentId: IdSchema, replyId: IdSchema }).openapi('DeleteReply');

/** A post id, or the post's slug (so a page can read a post and its comments at once). */
export const PostIdOrSlugParamSchema = z.object({
  post_id: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a post id or slug')
    .max(160)
    .openapi({ param: { name: 'post_id', in: 'path' }, description: 'The post id or its slug.', example: 'shipping-our-first-engine-65f1c2' }),
});
export const CommentPageQuerySchema = PageQuerySchema;

export const CommentIdParamSchema = z.object({ comment_id: IdSchema.openapi({ param: { name: 'comment_id', in: 'path' } }) });
/** Replies past the ones each comment brings (REPLIES_PER_COMMENT), oldest first. */
export const ReplyPageQuerySchema = PageQuerySchema;
