import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, signedInMember } from '../../test/api';
import { systemClock } from '../clock';
import { db } from '../db/client';
import { eventsFor } from '../events/publish';
import { asMember, newPost } from '../../test/posts';

const deps = { db: db(env), clock: systemClock };
const ids = (page: { data: { _id: string }[] }) => page.data.map((post) => post._id);
const unique = (label: string) => `${label}${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;

describe('GET /feed-post', () => {
  it('pages newest first, by hashtag or group, with the viewer’s state', async () => {
    const author = await signedInMember();
    const tag = unique('tag');
    const posts = [];
    for (const n of [1, 2, 3]) posts.push(await newPost(author, { text: `Post ${n} #${tag}` }));
    await asMember(author, 'POST', `/feed-post/like-by-user/${posts[1]._id}`, { likedByUser: true });
    const first = await bodyOf(await asMember(author, 'GET', `/feed-post?page=1&limit=2&sortBy=createdAt&order=desc&hashtag=%23${tag.toUpperCase()}`));
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2, pages: 2 });
    expect(ids(first)).toEqual([posts[2]._id, posts[1]._id]);
    expect(first.data[1]).toMatchObject({ likedByUser: true, likeCount: 1, canEdit: true });
    const second = await bodyOf(await asMember(author, 'GET', `/feed-post?page=2&limit=2&hashtag=${tag}`));
    expect(ids(second)).toEqual([posts[0]._id]);
    const inGroup = await newPost(author, { text: `Hiring #${tag}`, group: 'hiring' });
    const group = await bodyOf(await asMember(author, 'GET', `/feed-post?group=hiring&limit=50`));
    expect(ids(group)).toContain(inGroup._id);
    expect(ids(group)).not.toContain(posts[0]._id);
  });

  it('leaves out posts of members blocked either way', async () => {
    const viewer = await signedInMember();
    const blocked = await signedInMember();
    const blocker = await signedInMember();
    const tag = unique('blk');
    const visible = await newPost(await signedInMember(), { text: `Visible #${tag}` });
    const hidden = await newPost(blocked, { text: `Hidden #${tag}` });
    const hiddenToo = await newPost(blocker, { text: `Also hidden #${tag}` });
    await asMember(viewer, 'POST', `/connection/block/${blocked.user.id}`);
    await asMember(blocker, 'POST', `/connection/block/${viewer.user.id}`);
    const page = await bodyOf(await asMember(viewer, 'GET', `/feed-post?hashtag=${tag}`));
    expect(ids(page)).toEqual([visible._id]);
    expect((await get(`/feed-post/${hidden.slug}`, { token: viewer.jwt })).status).toBe(404);
    expect((await get(`/feed-post/${hiddenToo.slug}`, { token: viewer.jwt })).status).toBe(404);
    expect((await asMember(viewer, 'POST', `/feed-post/like-by-user/${hidden._id}`, { likedByUser: true })).status).toBe(404);
  });

  it('keeps mentions of blocked members out', async () => {
    const author = await signedInMember();
    const blocked = await signedInMember();
    await asMember(blocked, 'POST', `/connection/block/${author.user.id}`);
    const post = await newPost(author, { text: `Hi @[B](${blocked.user.id}) and @[Ghost](${'a'.repeat(24)})` });
    expect(post.mentions).toEqual([]);
    expect(await eventsFor(deps, blocked.user.id, 'post.mentioned')).toEqual([]);
  });

  it('answers 401 signed out on member routes', async () => {
    const post = await newPost(await signedInMember());
    for (const path of ['/feed-post', `/feed-post/${post._id}/history`, '/feed/groups', `/feed-post/${post.poll?._id ?? 'a'.repeat(24)}/vote?pollId=${'b'.repeat(24)}`]) {
      expect((await get(path)).status, path).toBe(401);
    }
    expect((await get(`/feed-post/${post.slug}`)).status).toBe(200);
    expect((await get('/feed/sitemap')).status).toBe(200);
  });
});

describe('feed groups', () => {
  it('lists the groups for members; admins add, change and archive them', async () => {
    const member = await signedInMember();
    const admin = await signedInMember({ userRole: 'admin' });
    const groups = await bodyOf(await asMember(member, 'GET', '/feed/groups'));
    expect(groups.data.slice(0, 3).map((group: { key: string }) => group.key)).toEqual(['community', 'founders', 'advisors']);
    const key = `g-${crypto.randomUUID().slice(0, 8)}`;
    expect((await asMember(member, 'POST', '/admin/feed-groups', { key, name: 'Nope' })).status).toBe(403);
    const created = await asMember(admin, 'POST', '/admin/feed-groups', { key, name: 'Builders', audience: 'advisor', position: 9 });
    expect(created.status).toBe(201);
    expect((await asMember(admin, 'POST', '/admin/feed-groups', { key, name: 'Again' })).status).toBe(409);
    const bad = await asMember(admin, 'POST', '/admin/feed-groups', { key: 'Not A Key', name: 'x' });
    expect((await bodyOf(bad)).data.fields).toHaveProperty('key');
    expect(await bodyOf(await asMember(admin, 'PATCH', `/admin/feed-groups/${key}`, { audience: 'all' }))).toMatchObject({ key, name: 'Builders', audience: 'all' });
    const post = await newPost(member, { text: 'In the group', group: key });
    expect(await bodyOf(await asMember(admin, 'PATCH', `/admin/feed-groups/${key}`, { archived: true }))).toMatchObject({ key, archivedAt: expect.any(String) });
    // Archived: gone from the members' list and closed to new posts; its posts stay in it.
    expect((await bodyOf(await asMember(member, 'GET', '/feed/groups'))).data.map((group: { key: string }) => group.key)).not.toContain(key);
    expect((await bodyOf(await get(`/feed-post/${post.slug}`))).group).toBe(key);
    expect((await asMember(admin, 'PATCH', `/admin/feed-groups/${key}`, { archived: true })).status).toBe(409);
    // Groups are archived, never deleted: there is no DELETE.
    expect((await asMember(admin, 'DELETE', `/admin/feed-groups/${key}`)).status).toBe(405);
  });
});

describe('POST /notifications/notify-tagged-users', () => {
  it('notifies the stored mentions of the author’s post only', async () => {
    const author = await signedInMember();
    const tagged = await signedInMember();
    const stranger = await signedInMember();
    const post = await newPost(author, { text: `Thanks @[T](${tagged.user.id})` });
    const body = { postId: post._id, taggedUsers: [tagged.user.id, stranger.user.id] };
    expect((await asMember(stranger, 'POST', '/notifications/notify-tagged-users', body)).status).toBe(403);
    expect(await bodyOf(await asMember(author, 'POST', '/notifications/notify-tagged-users', body))).toEqual({ notified: 1 });
    // Publishing told them already: asking again counts them but tells them nothing new (feed/tag-notices.ts).
    expect(await eventsFor(deps, tagged.user.id, 'post.mentioned')).toHaveLength(1);
    expect(await eventsFor(deps, stranger.user.id, 'post.mentioned')).toEqual([]);
  });
});

describe('GET /feed/sitemap', () => {
  it('lists post slugs with their last change', async () => {
    const post = await newPost(await signedInMember());
    const { data } = await bodyOf(await get('/feed/sitemap'));
    expect(data).toContainEqual({ slug: post.slug, updatedAt: post.updatedAt });
    expect(data.length).toBeLessThanOrEqual(50_000);
  });
});

describe('the OpenAPI document', () => {
  it('documents the posts routes, the post form as multipart and the wire shapes', async () => {
    const document = await bodyOf(await get('/openapi.json'));
    expect(Object.keys(document.paths['/feed-post/'] ?? document.paths['/feed-post'])).toEqual(expect.arrayContaining(['get', 'post']));
    const create = (document.paths['/feed-post/'] ?? document.paths['/feed-post']).post;
    expect(create.requestBody.content['multipart/form-data'].schema.properties).toHaveProperty('mediaAlt');
    expect(document.paths['/feed-post/{idOrSlug}'].put.requestBody.content).toHaveProperty(['multipart/form-data']);
    // Public; a member's token, when sent, is read (the viewer's own like and edit rights).
    expect(document.paths['/feed-post/{idOrSlug}'].get.security).toEqual([{ bearerAuth: [] }, {}]);
    expect(Object.keys(document.components.schemas.FeedPost.properties).sort()).toEqual([
      '_id',
      'author',
      'canDelete',
      'canEdit',
      'commentCount',
      'createdAt',
      'editedAt',
      'group',
      'hashtags',
      'isPinned',
      'likeCount',
      'likedByUser',
      'media',
      'mentions',
      'poll',
      'slug',
      'text',
      'updatedAt',
    ]);
  });
});
