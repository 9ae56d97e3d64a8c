/**
 * The posts routes of docs/product.md#feed, mounted at /feed-post: the feed and pinned lists, the
 * public post by slug, the post form (create and edit), history, delete, pin, like and
 * vote. Handlers only translate HTTP to the domain functions.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { IdSchema } from '../members/schemas';
import { MEMBERS, requireUser, routesFor, VIEWERS } from '../session/guards';
import { newRouter } from '../http/context';
import { refuseBrowserLoads } from '../http/fetch-metadata';
import { formRequest } from '../http/forms';
import { MEMBER_SECURITY } from '../openapi/security';
import { JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { deletePost, setLike, vote } from './actions';
import { PIN_MESSAGES, setPinned } from './pins';
import { listPosts, postHistory } from './list';
import { FEED_MESSAGES as M } from './messages';
import { feedDoc, feedErrors, postFormBody } from './openapi';
import { readPostForm } from './post-form';
import { postBySlug, viewerOf } from './read';
import { DeletedSchema, FeedPostPageSchema, FeedPostSchema, LikeBodySchema, LikeResultSchema, PinBodySchema, PollSchema, PostHistorySchema } from './schemas';
import { createPost, editPost } from './write';
import { TAG_NOTICES_LIMITED } from './tag-notices';
import { ApiError } from '../errors';

const memberRoute = routesFor(MEMBERS);
const viewerRoute = routesFor(VIEWERS);

const integer = (min: number, max: number, description: string) =>
  z.coerce.number().int().min(min).max(max).optional().openapi({ type: 'integer', minimum: min, maximum: max, description });

const FeedQuerySchema = z.object({
  page: integer(1, 100_000, 'Page number, from 1 (default 1).'),
  limit: integer(1, 50, 'Posts per page, 1–50 (default 10).'),
  _start: integer(0, 5_000_000, 'Offset form of paging (pinned lists): the first post to answer, from 0.'),
  _limit: integer(1, 50, 'Offset form of paging: posts to answer.'),
  sortBy: z.enum(['createdAt']).default('createdAt').openapi({ description: 'Always the creation time (pinned lists: the pin time).' }),
  order: z.enum(['asc', 'desc']).default('desc'),
  group: z.string().trim().max(40).optional().openapi({ description: 'Only posts of this group (a feed group key).' }),
  hashtag: z.string().trim().max(51).optional().openapi({ description: 'Only posts with this hashtag (with or without #, any case).' }),
  isPinned: z.enum(['true', 'false']).optional().openapi({ description: 'true: only pinned posts, newest pin first.' }),
});

const PostIdParam = z.object({ post_id: IdSchema.openapi({ param: { name: 'post_id', in: 'path' } }) });
/**
 * GET /{idOrSlug} reads a post by its slug and PUT /{idOrSlug} edits one by its id: one name
 * for the position, so the document has one path (the URLs are the product's, docs/product.md#feed).
 */
const SlugParam = z.object({
  idOrSlug: z
    .string()
    .min(1)
    .max(120)
    .openapi({ param: { name: 'idOrSlug', in: 'path' }, description: "The post's slug.", example: 'we-just-closed-our-pre-seed-3f9a2c' }),
});
const EditedPostParam = z.object({ idOrSlug: IdSchema.openapi({ param: { name: 'idOrSlug', in: 'path' }, description: "The post's id." }) });
const OptionParam = z.object({ optionId: IdSchema.openapi({ param: { name: 'optionId', in: 'path' }, description: 'The option voted for.' }) });
const PollQuery = z.object({ pollId: IdSchema.openapi({ description: 'The poll the option belongs to.' }) });

const notFound = { 404: M.postNotFound };
const voteResponses = {
  200: jsonResponse(PollSchema, 'The poll with your vote.'),
  ...feedErrors([400, 401, 404, 409], { 404: M.optionNotFound, 409: `${M.alreadyVoted} / ${M.pollClosed}` }),
};

const readRoutes = newRouter()
  .openapi(
    memberRoute({
      method: 'get',
      path: '/',
      ...feedDoc,
      summary: 'The feed: newest posts first, by group or hashtag, or the pinned posts',
      description:
        'Members only. Posts by members blocked either way are left out; `likedByUser`, the poll votes and `canEdit`/`canDelete` are the viewer’s. Paging by `page`/`limit`, or by `_start`/`_limit` (the pinned lists: `?_start=0&_limit=5&isPinned=true&group=<key>`).',
      request: { query: FeedQuerySchema },
      responses: { 200: jsonResponse(FeedPostPageSchema, 'A page of posts.'), ...feedErrors([400, 401]) },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const limit = query._limit ?? query.limit ?? 10;
      const page = query._start !== undefined ? Math.floor(query._start / limit) + 1 : (query.page ?? 1);
      const isPinned = query.isPinned === undefined ? undefined : query.isPinned === 'true';
      const viewer = viewerOf(c.get('account'))!;
      return c.json(await listPosts(c.get('deps'), viewer, { page, limit, order: query.order, group: query.group || undefined, hashtag: query.hashtag, isPinned }), 200);
    },
  )
  .openapi(
    memberRoute({
      method: 'get',
      path: '/{post_id}/history',
      ...feedDoc,
      summary: 'Earlier versions of a post',
      description: 'Members who may see the post. Newest first; each version says when it was replaced and by whom.',
      request: { params: PostIdParam },
      responses: { 200: jsonResponse(PostHistorySchema, 'The versions.'), ...feedErrors([400, 401, 404], notFound) },
    }),
    async (c) => c.json(await postHistory(c.get('deps'), c.get('account').user.id, c.req.valid('param').post_id), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/{optionId}/vote',
      ...feedDoc,
      summary: 'Vote in a poll',
      description: `One vote per member and poll. 409 \`${M.alreadyVoted}\` or \`${M.pollClosed}\`; 404 when the option is not one of the poll's.`,
      request: { params: OptionParam, query: PollQuery },
      responses: voteResponses,
    }),
    async (c) => c.json(await vote(c.get('deps'), c.get('account').user.id, c.req.valid('query').pollId, c.req.valid('param').optionId), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{optionId}/vote',
      ...feedDoc,
      // Members only, but a browser's load is refused before the session is even read.
      security: MEMBER_SECURITY,
      summary: 'Vote in a poll (docs/product.md#polls, for scripts and apps)',
      description: `As \`POST\`, for clients of docs/product.md#polls. Browsers' navigations and subresource loads (\`Sec-Fetch-Mode: navigate\`, a \`Sec-Fetch-Dest\` other than \`empty\`) are refused with 403 \`${M.voteByLink}\`, so a link in a post never votes.`,
      middleware: [refuseBrowserLoads(M.voteByLink), requireUser] as const,
      request: { params: OptionParam, query: PollQuery },
      responses: { ...voteResponses, ...feedErrors([403], { 403: M.voteByLink }) },
    }),
    async (c) => c.json(await vote(c.get('deps'), c.get('account').user.id, c.req.valid('query').pollId, c.req.valid('param').optionId), 200),
  )
  .openapi(
    viewerRoute({
      method: 'get',
      path: '/{idOrSlug}',
      ...feedDoc,
      summary: 'A post by its slug',
      description: 'Public: visitors get `likedByUser: false` and `canEdit: false`. 404 also when the author and the viewer blocked each other.',
      request: { params: SlugParam },
      responses: { 200: jsonResponse(FeedPostSchema, 'The post.'), ...feedErrors([400, 404], notFound) },
    }),
    async (c) => {
      const post = await postBySlug(c.get('deps'), c.req.valid('param').idOrSlug, viewerOf(c.get('viewer')));
      if (!post) throw new ApiError(404, M.postNotFound);
      return c.json(post, 200);
    },
  );

const formErrors = feedErrors([400, 401, 403, 404, 409, 413, 415, 429], {
  400: 'Invalid input: an empty post, a broken poll, a file that is not an allowed image or video by its bytes, too big, or an image without alt text; the fields are named in `data.fields`.',
  403: `${M.notCaller} / ${M.notYourPost} / a group whose audience excludes you`,
  409: M.pollHasVotes,
  413: 'The whole request body is larger than 50 MB.',
  415: M.multipartOnly,
  429: TAG_NOTICES_LIMITED,
});

const writeRoutes = newRouter()
  .openapi(
    memberRoute({
      method: 'post',
      path: '/',
      ...feedDoc,
      summary: 'Publish a post',
      description: 'Text, a poll and media from the multipart form. Members tagged in the text are notified.',
      middleware: [formRequest(M.multipartOnly)] as const,
      request: postFormBody,
      responses: { 201: jsonResponse(FeedPostSchema, 'The post.'), ...formErrors },
    }),
    async (c) => {
      const form = await readPostForm(c.req.valid('form'));
      return c.json(await createPost({ ...c.get('deps'), media: c.env.MEDIA }, c.get('account'), form), 201);
    },
  )
  .openapi(
    memberRoute({
      method: 'put',
      path: '/{idOrSlug}',
      ...feedDoc,
      summary: 'Edit your post',
      description:
        'Only the author. The version replaced is kept in the history. Fields left out stay; media stay unless `replaceMedia=true`. A poll with votes keeps its options (409).',
      middleware: [formRequest(M.multipartOnly)] as const,
      request: { params: EditedPostParam, ...postFormBody },
      responses: { 200: jsonResponse(FeedPostSchema, 'The edited post.'), ...formErrors },
    }),
    async (c) => {
      const form = await readPostForm(c.req.valid('form'));
      return c.json(await editPost({ ...c.get('deps'), media: c.env.MEDIA }, c.get('account'), c.req.valid('param').idOrSlug, form), 200);
    },
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/delete/{post_id}',
      ...feedDoc,
      summary: 'Delete a post',
      description: 'Its author or an administrator. Comments, likes, votes and media go with it.',
      request: { params: PostIdParam },
      responses: { 200: jsonResponse(DeletedSchema, 'Deleted.'), ...feedErrors([400, 401, 403, 404], { ...notFound, 403: M.cannotDelete }) },
    }),
    async (c) => c.json(await deletePost({ ...c.get('deps'), media: c.env.MEDIA }, c.get('account'), c.req.valid('param').post_id), 200),
  )
  .openapi(
    memberRoute({
      method: 'patch',
      path: '/{post_id}/pin',
      ...feedDoc,
      summary: 'Pin or unpin a post',
      description:
        'Administrators only. Pinned posts are listed with `isPinned=true`, newest pin first; a group holds at most 5. Audited as post.pin / post.unpin. Pinning a pinned post (or unpinning one that is not) is a 409.',
      request: { params: PostIdParam, ...jsonBody(PinBodySchema) },
      responses: {
        200: jsonResponse(FeedPostSchema, 'The post.'),
        ...feedErrors([...JSON_BODY_ERRORS, 401, 403, 404, 409], { ...notFound, 403: M.adminOnly, 409: PIN_MESSAGES.groupFull }),
      },
    }),
    async (c) => {
      const { post_id: postId } = c.req.valid('param');
      return c.json(await setPinned(c.get('deps'), viewerOf(c.get('account')), c.get('account').user, postId, c.req.valid('json').isPinned), 200);
    },
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/like-by-user/{post_id}',
      ...feedDoc,
      summary: 'Like or unlike a post',
      description: 'Idempotent: liking twice is one like. The count is recomputed from the likes in the same transaction.',
      request: { params: PostIdParam, ...jsonBody(LikeBodySchema) },
      responses: { 200: jsonResponse(LikeResultSchema, 'Your like and the count.'), ...feedErrors([...JSON_BODY_ERRORS, 401, 404], notFound) },
    }),
    async (c) => c.json(await setLike(c.get('deps'), c.get('account').user.id, c.req.valid('param').post_id, c.req.valid('json').likedByUser), 200),
  );

/** Mounted at /feed-post. The two-segment paths are registered before GET /{idOrSlug}. */
export const feedPostRoutes = newRouter().route('/', writeRoutes).route('/', readRoutes);
