/**
 * The wire shapes of the comment routes (issue 5's contract): comments with their first
 * replies, replies, and the bodies the routes accept. `mentions` lists the members tagged
 * in the text (`@[Name](id)`) that the renderers may link, like a post's.
 */
import { z } from '@hono/zod-openapi';
import { IdSchema, MemberCardSchema, PageQuerySchema, pagedSchema } from '../connections/schemas';
import { MemberTypeSchema } from '../users/schemas';

export const COMMENT_MAX_LENGTH = 1000;
/** Replies sent inside each comment, oldest first. */
export const REPLIES_PER_COMMENT = 50;

export const CommentMentionSchema = z
  .object({ _id: z.string().openapi({ description: 'The user id.' }), name: z.string(), slug: z.string(), memberType: MemberTypeSchema })
  .openapi('CommentMention', { description: 'A member tagged in the text and stored as a mention.' });

const authored = {
  postId: z.string(),
  text: z.string().openapi({ description: 'Plain text as written; clients escape it and detect links, hashtags and mentions.' }),
  author: MemberCardSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  editedAt: z.string().nullable(),
  mentions: z.array(CommentMentionSchema),
  canEdit: z.boolean().openapi({ description: 'The viewer wrote it.' }),
  canDelete: z.boolean().openapi({ description: 'The viewer wrote it, or is an administrator.' }),
};

export const ReplySchema = z
  .object({ _id: z.string(), replyId: z.string().openapi({ description: 'Same as `_id`.' }), commentId: z.string(), ...authored })
  .openapi('Reply');

export const CommentSchema = z
  .object({
    _id: z.string(),
    commentId: z.string().openapi({ description: 'Same as `_id`.' }),
    ...authored,
    replyCount: z.number().int().nonnegative(),
    replies: z.array(ReplySchema).openapi({ description: `Oldest first, up to ${REPLIES_PER_COMMENT}.` }),
  })
  .openapi('Comment');

export const CommentPageSchema = pagedSchema(CommentSchema, 'CommentPage');
export const DeletedSchema = z.object({ deleted: z.literal(true) }).openapi('Deleted');

const CommentTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(COMMENT_MAX_LENGTH)
  .openapi({ description: `1–${COMMENT_MAX_LENGTH} characters. Mentions are written \`@[Name](<user id>)\`.`, example: 'Congrats @[Ada Lovelace](65f1c2a9e4b0a1d2c3e4f5a6)!' });

export const NewCommentBodySchema = z.object({ postId: IdSchema, text: CommentTextSchema }).openapi('NewComment');
export const EditCommentBodySchema = z.object({ commentId: IdSchema, text: CommentTextSchema }).openapi('EditComment');
export const DeleteCommentBodySchema = z.object({ commentId: IdSchema }).openapi('DeleteComment');
export const NewReplyBodySchema = z.object({ commentId: IdSchema, text: CommentTextSchema }).openapi('NewReply');
export const EditReplyBodySchema = z.object({ commentId: IdSchema, replyId: IdSchema, text: CommentTextSchema }).openapi('EditReply');
export const DeleteReplyBodySchema = z.object({ commentId: IdSchema, replyId: IdSchema }).openapi('DeleteReply');

export const PostIdParamSchema = z.object({ post_id: IdSchema.openapi({ param: { name: 'post_id', in: 'path' }, description: 'The post id.' }) });
export const CommentPageQuerySchema = PageQuerySchema;

export type Comment = z.infer<typeof CommentSchema>;
export type Reply = z.infer<typeof ReplySchema>;
export type CommentMention = z.infer<typeof CommentMentionSchema>;
