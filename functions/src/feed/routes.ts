/**
 * The feed's routes besides the posts themselves (post-routes.ts, at /feed-post): the
 * groups and the sitemap (/feed), the administrators' group changes (/admin) and the
 * tagged members' notification (/notifications). Comments live in ../comments.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { ADMINS, MEMBERS, routesFor } from '../session/guards';
import { newRouter } from '../http/context';
import { JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { listGroups } from './groups';
import { PIN_MESSAGES, pinAtAddress } from './pins';
import { viewerOf } from './read';
import { createGroup, GROUP_ADMIN_MESSAGES, listGroupsForAdmin, reorderGroups, updateGroup } from './group-admin';
import { sitemapPosts } from './list';
import { FEED_MESSAGES as M } from './messages';
import { TAG_NOTICES_LIMITED } from './tag-notices';
import { notifyTaggedUsers } from './notify';
import { feedDoc, feedErrors } from './openapi';
import {
  AdminFeedGroupListSchema,
  AdminFeedGroupSchema,
  FeedGroupListSchema,
  FeedPostSchema,
  FeedGroupSchema,
  GroupBodySchema,
  GroupOrderSchema,
  GroupPatchSchema,
  NotifiedSchema,
  PinAddressBodySchema,
  SitemapSchema,
  TaggedUsersBodySchema,
} from './schemas';
import { PUBLIC_SECURITY } from '../openapi/security';

const memberRoute = routesFor(MEMBERS);
const adminRoute = routesFor(ADMINS);

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
    memberRoute({
      method: 'get',
      path: '/groups',
      ...feedDoc,
      summary: 'The feed groups',
      description: 'Members only, in display order. `audience` says who may post in each.',
      responses: { 200: jsonResponse(FeedGroupListSchema, 'The groups.'), ...feedErrors([401]) },
    }),
    async (c) => c.json({ data: await listGroups(c.get('deps')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/sitemap',
      security: PUBLIC_SECURITY,
      ...feedDoc,
      summary: 'Post addresses for the sitemap',
      description: 'Public: the slugs and last changes of the newest 50,000 posts.',
      responses: { 200: jsonResponse(SitemapSchema, 'The posts.'), ...feedErrors([]) },
    }),
    async (c) => c.json(await sitemapPosts(c.get('deps')), 200),
  );

const adminDoc = { tags: ['Feed', 'Admin'] };

/** Mounted at /admin. Every change writes its group.* audit entry in its own batch. */
export const adminFeedGroupRoutes = newRouter()
  .openapi(
    adminRoute({
      method: 'get',
      path: '/feed-groups',
      ...adminDoc,
      summary: 'Every feed group, archived ones too',
      description: 'Administrators only, in display order, with the archive time and the number of pinned posts of each.',
      responses: { 200: jsonResponse(AdminFeedGroupListSchema, 'The groups.'), ...feedErrors([401, 403]) },
    }),
    async (c) => c.json({ data: await listGroupsForAdmin(c.get('deps')) }, 200),
  )
  .openapi(
    adminRoute({
      method: 'post',
      path: '/feed-groups',
      ...adminDoc,
      summary: 'Add a feed group',
      description: 'Administrators only. Audited as group.create.',
      request: jsonBody(GroupBodySchema),
      responses: { 201: jsonResponse(FeedGroupSchema, 'The group.'), ...feedErrors([...JSON_BODY_ERRORS, 401, 403, 409], { 409: M.groupExists }) },
    }),
    async (c) => c.json(await createGroup(c.get('deps'), c.get('account').user, c.req.valid('json')), 201),
  )
  .openapi(
    adminRoute({
      method: 'put',
      path: '/feed-groups/order',
      ...adminDoc,
      summary: 'Reorder the feed groups',
      description: 'Administrators only. Each group whose position changes is audited as group.reorder.',
      request: jsonBody(GroupOrderSchema),
      responses: { 200: jsonResponse(AdminFeedGroupListSchema, 'Every group, in the new order.'), ...feedErrors([...JSON_BODY_ERRORS, 401, 403]) },
    }),
    async (c) => c.json({ data: await reorderGroups(c.get('deps'), c.get('account').user, c.req.valid('json').keys) }, 200),
  )
  .openapi(
    adminRoute({
      method: 'patch',
      path: '/feed-groups/{key}',
      ...adminDoc,
      summary: 'Change, archive or restore a feed group',
      description:
        'Administrators only: name, description, audience (audited as group.rename), position (group.reorder), archived (group.archive). The key never changes; groups are archived, never deleted.',
      request: { params: KeyParam, ...jsonBody(GroupPatchSchema) },
      responses: {
        200: jsonResponse(AdminFeedGroupSchema, 'The group.'),
        ...feedErrors([...JSON_BODY_ERRORS, 401, 403, 404, 409], { 404: M.groupNotFound, 409: GROUP_ADMIN_MESSAGES.alreadyArchived }),
      },
    }),
    async (c) => c.json(await updateGroup(c.get('deps'), c.get('account').user, c.req.valid('param').key, c.req.valid('json')), 200),
  )
  .openapi(
    adminRoute({
      method: 'post',
      path: '/feed-groups/{key}/pins',
      ...adminDoc,
      summary: 'Pin a post of the group by its address',
      description:
        'Administrators only. `post` is the post’s address (`https://…/post/<slug>` or `/post/<slug>`) or its slug. Each refusal of it names the field: not an address (400), no post there (404), a post of another group (400), already pinned (409). A group holds at most 5 pins (409). Audited as post.pin.',
      request: { params: KeyParam, ...jsonBody(PinAddressBodySchema) },
      responses: {
        200: jsonResponse(FeedPostSchema, 'The pinned post.'),
        ...feedErrors([...JSON_BODY_ERRORS, 401, 403, 404, 409], { 404: `${M.groupNotFound} Or post: ${PIN_MESSAGES.noPost}`, 409: PIN_MESSAGES.groupFull }),
      },
    }),
    async (c) => {
      const account = c.get('account');
      return c.json(await pinAtAddress(c.get('deps'), viewerOf(account), account.user, c.req.valid('param').key, c.req.valid('json').post), 200);
    },
  );

/** Mounted at /notifications. */
export const taggedUsersRoutes = newRouter().openapi(
  memberRoute({
    method: 'post',
    path: '/notify-tagged-users',
    ...feedDoc,
    summary: 'Notify the members tagged in your post',
    description:
      'Only the author; notifies those of `taggedUsers` that are stored mentions of the post (tagged, existing, not blocked). A member you told of this post within a day counts as notified but is not told again.',
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
