/**
 * The feed's routes besides the posts themselves (post-routes.ts, at /feed-post): the
 * groups and the sitemap (/feed), the administrators' group changes (/admin) and the
 * tagged members' notification (/notifications). Comments live in ../comments.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin, requireUser } from '../session/guards';
import { newRouter } from '../http/context';
import { JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { createGroup, deleteGroup, listGroups, updateGroup } from './groups';
import { sitemapPosts } from './list';
import { FEED_MESSAGES as M } from './messages';
import { TAG_NOTICES_LIMITED } from './tag-notices';
import { notifyTaggedUsers } from './notify';
import { feedDoc, feedErrors, memberFeedDoc } from './openapi';
import { DeletedSchema, FeedGroupListSchema, FeedGroupSchema, GroupBodySchema, GroupPatchSchema, NotifiedSchema, SitemapSchema, TaggedUsersBodySchema } from './schemas';

export { feedPostRoutes } from './post-routes';

const KeyParam = z.object({
  key: z
    .string()
    .min(1)
    .max(40)
    .openapi({ param: { name: 'key', in: 'path' }, example: 'hiring' }),
});

/** Mounted at /feed. */
export const feedRoutes = newRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/groups',
      ...memberFeedDoc,
      summary: 'The feed groups',
      description: 'Members only, in display order. `audience` says who may post in each.',
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse(FeedGroupListSchema, 'The groups.'), ...feedErrors([401]) },
    }),
    async (c) => c.json({ data: await listGroups(c.get('deps')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/sitemap',
      ...feedDoc,
      summary: 'Post addresses for the sitemap',
      description: 'Public: the slugs and last changes of the newest 50,000 posts.',
      responses: { 200: jsonResponse(SitemapSchema, 'The posts.'), ...feedErrors([]) },
    }),
    async (c) => c.json(await sitemapPosts(c.get('deps')), 200),
  );

const adminDoc = { tags: ['Feed', 'Admin'], security: [{ bearerAuth: [] }] };

/** Mounted at /admin. */
export const adminFeedGroupRoutes = newRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/feed-groups',
      ...adminDoc,
      summary: 'Add a feed group',
      description: 'Administrators only.',
      middleware: [requireUser, requireAdmin] as const,
      request: jsonBody(GroupBodySchema),
      responses: { 201: jsonResponse(FeedGroupSchema, 'The group.'), ...feedErrors([...JSON_BODY_ERRORS, 401, 403, 409], { 409: M.groupExists }) },
    }),
    async (c) => c.json(await createGroup(c.get('deps'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/feed-groups/{key}',
      ...adminDoc,
      summary: 'Change a feed group',
      description: 'Administrators only: name, description, audience, position. The key never changes.',
      middleware: [requireUser, requireAdmin] as const,
      request: { params: KeyParam, ...jsonBody(GroupPatchSchema) },
      responses: { 200: jsonResponse(FeedGroupSchema, 'The group.'), ...feedErrors([...JSON_BODY_ERRORS, 401, 403, 404], { 404: M.groupNotFound }) },
    }),
    async (c) => c.json(await updateGroup(c.get('deps'), c.req.valid('param').key, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/feed-groups/{key}',
      ...adminDoc,
      summary: 'Delete a feed group',
      description: 'Administrators only. Its posts stay, in no group.',
      middleware: [requireUser, requireAdmin] as const,
      request: { params: KeyParam },
      responses: { 200: jsonResponse(DeletedSchema, 'Deleted.'), ...feedErrors([400, 401, 403, 404], { 404: M.groupNotFound }) },
    }),
    async (c) => c.json(await deleteGroup(c.get('deps'), c.req.valid('param').key), 200),
  );

/** Mounted at /notifications. */
export const taggedUsersRoutes = newRouter().openapi(
  createRoute({
    method: 'post',
    path: '/notify-tagged-users',
    ...memberFeedDoc,
    summary: 'Notify the members tagged in your post',
    description:
      'Only the author; notifies those of `taggedUsers` that are stored mentions of the post (tagged, existing, not blocked). A member you told of this post within a day counts as notified but is not told again.',
    middleware: [requireUser] as const,
    request: jsonBody(TaggedUsersBodySchema),
    responses: {
      200: jsonResponse(NotifiedSchema, 'How many were notified.'),
      ...feedErrors([...JSON_BODY_ERRORS, 401, 403, 404, 429], { 403: M.authorOnlyNotify, 404: M.postNotFound, 429: TAG_NOTICES_LIMITED }),
    },
  }),
  async (c) => {
    const { postId, taggedUsers } = c.req.valid('json');
    return c.json(await notifyTaggedUsers(c.get('deps'), c.get('account').user.id, postId, taggedUsers), 200);
  },
);
