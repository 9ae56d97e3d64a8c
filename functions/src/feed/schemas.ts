/**
 * The wire shapes of the feed (issue 5's contract): posts with media, polls, mentions and
 * hashtags, groups, edit history, comments and replies, plus the inputs they accept.
 * Shared by the posts routes (feed/), the comments routes and the app's types.
 */
import { z } from '@hono/zod-openapi';
import { feedGroupAudiences } from '../db/schema';
import { IdSchema, MemberCardSchema, pagedSchema } from '../members/schemas';
import { MemberTypeSchema } from '../users/schemas';
import { COMMENT_TEXT_MAX, POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_QUESTION_MAX, readerText, storedMax } from '../shared/feed-limits';

/**
 * Text whose limit counts what readers see: a mention's token counts as `@Name`, so the ids
 * members never see don't eat into their room. The stored text is held to twice the limit.
 */
export const readerLimitedText = (max: number) =>
  z
    .string()
    .trim()
    .max(storedMax(max), `must be at most ${max} characters`)
    .refine((text) => readerText(text).length <= max, `must be at most ${max} characters`);

const count = (description: string) => z.number().int().nonnegative().openapi({ description });

export const MediaItemSchema = z
  .object({
    _id: z.string(),
    url: z
      .string()
      .openapi({ description: "The R2 key, e.g. 'posts/<id>.webp'; the app makes the address with mediaUrl(url, mediaBase).", example: 'posts/65f1c2a9e4b0a1d2c3e4f5a6.webp' }),
    mime: z.string().openapi({ description: "'image/webp', 'image/gif', 'video/mp4', …; 'progress' only as a client-side upload placeholder.", example: 'image/webp' }),
    alt: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .openapi('MediaItem');

export const PollOptionSchema = z
  .object({
    _id: z.string().openapi({ description: 'The option id (the vote route takes it).' }),
    label: z.string(),
    votes: count('Votes for this option.'),
    share: z.number().min(0).max(1).openapi({ description: 'Share of all votes, 0..1.' }),
  })
  .openapi('PollOption');

export const PollSchema = z
  .object({
    _id: z.string().openapi({ description: 'The poll id.' }),
    question: z.string().nullable(),
    options: z.array(PollOptionSchema),
    totalVotes: count('Votes in the poll.'),
    closesAt: z.string().nullable(),
    closed: z.boolean(),
    votedOptionId: z.string().nullable().openapi({ description: "The viewer's vote, if any." }),
  })
  .openapi('Poll');

export const MentionSchema = z
  .object({ _id: z.string().openapi({ description: 'The user id.' }), name: z.string(), slug: z.string(), memberType: MemberTypeSchema })
  .openapi('Mention');

export const FeedPostSchema = z
  .object({
    _id: z.string(),
    slug: z.string(),
    text: z.string().openapi({ description: 'Plain text; mentions written `@[Display Name](<user id>)`. Never HTML.' }),
    poll: PollSchema.nullable(),
    media: z.array(MediaItemSchema),
    isPinned: z.boolean(),
    group: z.string().nullable().openapi({ description: 'A feed group key, or null.' }),
    createdAt: z.string(),
    updatedAt: z.string(),
    editedAt: z.string().nullable(),
    author: MemberCardSchema,
    likeCount: count('Likes.'),
    commentCount: count('Comments and replies.'),
    likedByUser: z.boolean().openapi({ description: 'Whether the viewer likes it (false for visitors).' }),
    hashtags: z.array(z.string()).openapi({ description: 'Lowercase, without #.' }),
    mentions: z.array(MentionSchema).openapi({ description: 'Tagged members that exist and are not blocked either way.' }),
    canEdit: z.boolean().openapi({ description: 'The viewer wrote it.' }),
    canDelete: z.boolean().openapi({ description: 'The viewer wrote it or is an admin.' }),
  })
  .openapi('FeedPost');

export const FeedPostPageSchema = pagedSchema(FeedPostSchema, 'FeedPostPage');

export const FeedGroupSchema = z
  .object({
    key: z.string().openapi({ example: 'fundraising' }),
    name: z.string(),
    description: z.string().nullable(),
    audience: z.enum(feedGroupAudiences).openapi({ description: 'Who may post in it.' }),
    position: z.number().int(),
  })
  .openapi('FeedGroup');

export const FeedGroupListSchema = z.object({ data: z.array(FeedGroupSchema) }).openapi('FeedGroupList');

export const PostVersionSchema = z
  .object({
    _id: z.string(),
    text: z.string(),
    poll: PollSchema.nullable(),
    media: z.array(MediaItemSchema),
    group: z.string().nullable(),
    replacedAt: z.string(),
    editedBy: MemberCardSchema.nullable(),
  })
  .openapi('PostVersion');

export const PostHistorySchema = z.object({ data: z.array(PostVersionSchema) }).openapi('PostHistory', { description: 'Earlier versions, newest first.' });

// Always sent by the API; optional in the type so that client-side drafts may leave it out.
const CommentMentionsSchema = z
  .array(MentionSchema)
  .optional()
  .openapi({ description: 'Members tagged in the text (stored in feed_mentions with the comment or reply id) that renderers link.' });

export const ReplySchema = z
  .object({
    _id: z.string(),
    replyId: z.string().openapi({ description: 'The same as _id.' }),
    commentId: z.string(),
    postId: z.string(),
    text: z.string(),
    author: MemberCardSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    editedAt: z.string().nullable(),
    mentions: CommentMentionsSchema,
    canEdit: z.boolean(),
    canDelete: z.boolean(),
  })
  .openapi('Reply');

export const CommentSchema = z
  .object({
    _id: z.string(),
    commentId: z.string().openapi({ description: 'The same as _id.' }),
    postId: z.string(),
    text: z.string(),
    author: MemberCardSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    editedAt: z.string().nullable(),
    replyCount: count('Replies.'),
    replies: z.array(ReplySchema).openapi({ description: 'Oldest first, up to 50.' }),
    mentions: CommentMentionsSchema,
    canEdit: z.boolean(),
    canDelete: z.boolean(),
  })
  .openapi('Comment');

export const CommentPageSchema = pagedSchema(CommentSchema, 'CommentPage');
export const ReplyPageSchema = pagedSchema(ReplySchema, 'ReplyPage');

export const LikeBodySchema = z.object({ likedByUser: z.boolean() }).openapi('LikeBody');
export const LikeResultSchema = z.object({ likedByUser: z.boolean(), likeCount: count('Likes after the change.') }).openapi('LikeResult');
export const PinBodySchema = z.object({ isPinned: z.boolean() }).openapi('PinBody');
export const PinAddressBodySchema = z
  .object({ post: z.string().trim().min(1).max(300).openapi({ description: 'The post’s address or slug.', example: 'https://foundermesh.app/post/hiring-a-cto-1a2b3c' }) })
  .openapi('PinAddressBody');
export const DeletedSchema = z.object({ deleted: z.literal(true) }).openapi('Deleted');

/** The poll field of the post form (sent as JSON text in the multipart body). */
export const PollInputSchema = z
  .object({
    question: z.string().trim().max(POLL_QUESTION_MAX).nullish(),
    options: z.array(z.string().trim().min(1, 'must not be empty').max(POLL_OPTION_MAX)).min(POLL_OPTIONS_MIN).max(POLL_OPTIONS_MAX),
    closesAt: z.string().datetime({ offset: true }).nullish(),
  })
  .openapi('PollInput');

export const GroupBodySchema = z
  .object({
    key: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be lowercase letters, digits and dashes')
      .openapi({ example: 'hiring' }),
    name: z.string().trim().min(1).max(60),
    description: z.string().trim().max(200).nullish(),
    audience: z.enum(feedGroupAudiences).default('all'),
    position: z.number().int().min(0).max(1000).default(0),
  })
  .openapi('FeedGroupBody');

export const GroupPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(60).optional(),
    description: z.string().trim().max(200).nullish(),
    audience: z.enum(feedGroupAudiences).optional(),
    position: z.number().int().min(0).max(1000).optional(),
    archived: z.boolean().optional().openapi({ description: 'true archives the group (hidden from members, no new posts; its posts stay), false restores it.' }),
  })
  .openapi('FeedGroupPatch');

export const AdminFeedGroupSchema = FeedGroupSchema.extend({
  archivedAt: z.string().nullable().openapi({ description: 'When an administrator archived it, or null.' }),
  pinnedCount: z.number().int().nonnegative().openapi({ description: 'Its pinned posts.' }),
}).openapi('AdminFeedGroup');

export const AdminFeedGroupListSchema = z.object({ data: z.array(AdminFeedGroupSchema) }).openapi('AdminFeedGroupList');

export const GroupOrderSchema = z
  .object({ keys: z.array(z.string().min(1).max(40)).min(1).max(200).openapi({ description: 'Group keys in their new order; groups left out keep their position.' }) })
  .openapi('FeedGroupOrder');

export const TaggedUsersBodySchema = z.object({ postId: z.string().min(1), taggedUsers: z.array(IdSchema).max(50) }).openapi('TaggedUsersBody');
export const NotifiedSchema = z.object({ notified: count('Members notified.') }).openapi('Notified');

export const SitemapSchema = z.object({ data: z.array(z.object({ slug: z.string(), updatedAt: z.string() })) }).openapi('FeedSitemap');

export const CommentBodySchema = z
  .object({ postId: z.string().min(1), text: readerLimitedText(COMMENT_TEXT_MAX).pipe(z.string().min(1, 'must not be empty')) })
  .openapi('CommentBody');
export const CommentEditSchema = z
  .object({ commentId: z.string().min(1), text: readerLimitedText(COMMENT_TEXT_MAX).pipe(z.string().min(1, 'must not be empty')) })
  .openapi('CommentEdit');
export const CommentRefSchema = z.object({ commentId: z.string().min(1) }).openapi('CommentRef');
export const ReplyBodySchema = CommentEditSchema.openapi('ReplyBody');
export const ReplyEditSchema = z
  .object({ commentId: z.string().min(1), replyId: z.string().min(1), text: readerLimitedText(COMMENT_TEXT_MAX).pipe(z.string().min(1, 'must not be empty')) })
  .openapi('ReplyEdit');
export const ReplyRefSchema = z.object({ commentId: z.string().min(1), replyId: z.string().min(1) }).openapi('ReplyRef');

export type MediaItem = z.infer<typeof MediaItemSchema>;
export type PollOption = z.infer<typeof PollOptionSchema>;
export type Poll = z.infer<typeof PollSchema>;
export type Mention = z.infer<typeof MentionSchema>;
export type FeedPost = z.infer<typeof FeedPostSchema>;
export type FeedGroup = z.infer<typeof FeedGroupSchema>;
export type PostVersion = z.infer<typeof PostVersionSchema>;
export type Comment = z.infer<typeof CommentSchema>;
export type Reply = z.infer<typeof ReplySchema>;
export type PollInput = z.infer<typeof PollInputSchema>;
