/**
 * The comment routes of docs/product.md#comments-and-replies, mounted at /feed/comments: comments and replies on
 * feed posts. Reading is public (the post page renders them); writing needs a member.
 * Handlers only translate HTTP to the functions of service.ts.
 */
import { MEMBERS, routesFor, VIEWERS } from '../session/guards';
import { newRouter } from '../http/context';
import { ApiError } from '../errors';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { TAG_NOTICES_LIMITED } from '../feed/tag-notices';
import { COMMENT_MESSAGES as M } from './messages';
import { commentPage, replyPage } from './queries';
import {
  CommentIdParamSchema,
  CommentPageQuerySchema,
  CommentPageSchema,
  CommentSchema,
  DeleteCommentBodySchema,
  DeletedSchema,
  DeleteReplyBodySchema,
  EditCommentBodySchema,
  EditReplyBodySchema,
  NewCommentBodySchema,
  NewReplyBodySchema,
  PostIdOrSlugParamSchema,
  ReplyPageQuerySchema,
  REPLIES_PER_COMMENT,
  ReplyPageSchema,
  ReplySchema,
} from './schemas';
import { addComment, addReply, deleteComment, deleteReply, editComment, editReply, viewerOf } from './service';
import { limitPerMember } from '../http/rate-limit-guards';
import { RATE_LIMITS } from '../rate-limit/policies';

const memberRoute = routesFor(MEMBERS);
const viewerRoute = routesFor(VIEWERS);

const doc = { tags: ['Feed comments'] };
const writeErrors = (descriptions: Parameters<typeof errorResponses>[1]) => errorResponses([...JSON_BODY_ERRORS, 401, 403, 404], descriptions);
/** The errors of a write that may tag members: those of any write, and the tag notices' 429. */
const taggingErrors = (descriptions: Parameters<typeof errorResponses>[1]) =>
  errorResponses([...JSON_BODY_ERRORS, 401, 403, 404, 429], { 429: TAG_NOTICES_LIMITED, ...descriptions });
/** A new comment or reply tells its post's or comment's author: a flood limit of its own besides the tags'. */
const COMMENTS_LIMITED = `Too many comments: ${RATE_LIMITS.commentsByMember.limit} comments and replies an hour. ${TAG_NOTICES_LIMITED}`;
const limitComments = limitPerMember('commentsByMember', 'comments');

const replyRoutes = newRouter()
  .openapi(
    memberRoute({
      method: 'post',
      path: '/reply',
      ...doc,
      summary: 'Reply to a comment',
      description: 'Tagged members (`@[Name](id)`) are stored and told; the comment author is told (not when it is you).',
      middleware: [limitComments] as const,
      request: jsonBody(NewReplyBodySchema),
      responses: { 201: jsonResponse(ReplySchema, 'The reply.'), ...taggingErrors({ 403: `${M.blocked} / ${M.blockedReply}`, 404: M.commentNotFound, 429: COMMENTS_LIMITED }) },
    }),
    async (c) => c.json(await addReply(c.get('deps'), c.get('account'), c.req.valid('json')), 201),
  )
  .openapi(
    memberRoute({
      method: 'put',
      path: '/reply',
      ...doc,
      summary: 'Edit your reply',
      request: jsonBody(EditReplyBodySchema),
      responses: { 200: jsonResponse(ReplySchema, 'The edited reply.'), ...taggingErrors({ 403: M.notYourReply, 404: `${M.commentNotFound} / ${M.replyNotFound}` }) },
    }),
    async (c) => c.json(await editReply(c.get('deps'), c.get('account'), c.req.valid('json')), 200),
  )
  .openapi(
    memberRoute({
      method: 'delete',
      path: '/reply',
      ...doc,
      summary: 'Delete a reply',
      description: 'Its author or an administrator. The comment and post counts follow.',
      request: jsonBody(DeleteReplyBodySchema),
      responses: { 200: jsonResponse(DeletedSchema, 'Deleted.'), ...writeErrors({ 403: M.cannotDeleteReply, 404: `${M.commentNotFound} / ${M.replyNotFound}` }) },
    }),
    async (c) => c.json(await deleteReply(c.get('deps'), c.get('account'), c.req.valid('json')), 200),
  );

const commentChangeRoutes = newRouter()
  .openapi(
    memberRoute({
      method: 'post',
      path: '/',
      ...doc,
      summary: 'Comment on a post',
      description: 'Not on the post of a member with a block between you (403). The post author and tagged members are told (never you).',
      middleware: [limitComments] as const,
      request: jsonBody(NewCommentBodySchema),
      responses: { 201: jsonResponse(CommentSchema, 'The comment.'), ...taggingErrors({ 403: M.blocked, 404: M.postNotFound, 429: COMMENTS_LIMITED }) },
    }),
    async (c) => c.json(await addComment(c.get('deps'), c.get('account'), c.req.valid('json')), 201),
  )
  .openapi(
    memberRoute({
      method: 'put',
      path: '/',
      ...doc,
      summary: 'Edit your comment',
      request: jsonBody(EditCommentBodySchema),
      responses: { 200: jsonResponse(CommentSchema, 'The edited comment.'), ...taggingErrors({ 403: M.notYourComment, 404: M.commentNotFound }) },
    }),
    async (c) => c.json(await editComment(c.get('deps'), c.get('account'), c.req.valid('json')), 200),
  )
  .openapi(
    memberRoute({
      method: 'delete',
      path: '/',
      ...doc,
      summary: 'Delete a comment',
      description: 'Its author or an administrator; its replies go with it and the post count follows.',
      request: jsonBody(DeleteCommentBodySchema),
      responses: { 200: jsonResponse(DeletedSchema, 'Deleted.'), ...writeErrors({ 403: M.cannotDeleteComment, 404: M.commentNotFound }) },
    }),
    async (c) => c.json(await deleteComment(c.get('deps'), c.get('account'), c.req.valid('json')), 200),
  );

const readRoutes = newRouter()
  .openapi(
    viewerRoute({
      method: 'get',
      path: '/replies/{comment_id}',
      ...doc,
      summary: "A comment's replies",
      description: `Public: no token needed. Oldest first. A comment brings its first ${REPLIES_PER_COMMENT} replies; this pages through all of them (page 2 of limit ${REPLIES_PER_COMMENT} continues where it stops). Replies of members with a block between them and the viewer are left out.`,
      request: { params: CommentIdParamSchema, query: ReplyPageQuerySchema },
      responses: { 200: jsonResponse(ReplyPageSchema, 'A page of replies.'), ...errorResponses([400, 404], { 404: M.commentNotFound }) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const page = await replyPage(deps, c.req.valid('param').comment_id, await viewerOf(deps, c.get('viewer')), c.req.valid('query'));
      if (!page) throw new ApiError(404, M.commentNotFound);
      return c.json(page, 200);
    },
  )
  .openapi(
    viewerRoute({
      method: 'get',
      path: '/{post_id}',
      ...doc,
      summary: "A post's comments",
      description:
        'Public: no token needed. The post is named by its id or its slug. Oldest first, each with its first replies (oldest first). A member does not see comments and replies of members with a block between them.',
      request: { params: PostIdOrSlugParamSchema, query: CommentPageQuerySchema },
      responses: { 200: jsonResponse(CommentPageSchema, 'A page of comments.'), ...errorResponses([400, 404], { 404: M.postNotFound }) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const page = await commentPage(deps, c.req.valid('param').post_id, await viewerOf(deps, c.get('viewer')), c.req.valid('query'));
      if (!page) throw new ApiError(404, M.postNotFound);
      return c.json(page, 200);
    },
  );

/** Mounted at /feed/comments. /reply and /replies/… are registered before /{post_id}. */
export const commentRoutes = newRouter().route('/', replyRoutes).route('/', commentChangeRoutes).route('/', readRoutes);
