/**
 * Every domain event reaches its subject as a notification, driven through the real
 * routes: connect and accept, like, comment, reply, mentions (notify-tagged-users),
 * password change and reset, and the admin Premium route.
 */
import { describe, expect, it } from 'vitest';
import { bodyOf, call, post, resetCodeFor, signedInMember } from '../../test/api';
import { connectTo, put, requestId, someMembers } from '../../test/connections';
import { commentOn, replyTo, storedPost } from '../../test/comments';
import { newPost } from '../../test/posts';
import { pageOf, unseenOf } from './test-support';

type Member = Awaited<ReturnType<typeof signedInMember>>;
const nameOf = (member: Member) => `${member.user.firstName} ${member.user.lastName}`;
const latest = async (member: Member) => (await pageOf(member)).data[0];
const sender = (member: Member) => ({ _id: member.user.id, profile: expect.objectContaining({ _id: member.user.id, name: nameOf(member) }) });

describe('connection events', () => {
  it('a request tells its receiver (the note, else who wants to connect); accepting tells the requester', async () => {
    const [ann, bob, cat] = await someMembers(3);
    const id = await requestId(ann, bob);
    expect(await latest(bob)).toMatchObject({
      kind: 'connection.requested',
      title: 'New connection request',
      body: `${nameOf(ann)} wants to connect`,
      link: '/connections',
      isSeen: false,
      userSender: sender(ann),
    });
    expect((await connectTo(cat, bob, 'Loved your  talk\non climate tech')).status).toBe(201);
    expect(await latest(bob)).toMatchObject({ kind: 'connection.requested', body: 'Loved your talk on climate tech', userSender: sender(cat) });

    expect((await put(`/connection/accepted/${id}`, bob.jwt)).status).toBe(200);
    expect(await latest(ann)).toMatchObject({
      kind: 'connection.accepted',
      title: `${nameOf(bob)} accepted your request`,
      link: '/connections?tab=connections',
      userSender: sender(bob),
    });
    expect((await pageOf(ann)).total).toBe(1); // nothing for asking
  });
});

describe('feed events', () => {
  it('a like tells the author once per post while unseen (like, unlike, like again), never the liker themself', async () => {
    const [author, fan] = await someMembers(2);
    const created = await newPost(author, { text: 'Shipping our   beta today!\nThanks all' });
    const like = (member: Member, likedByUser: boolean) => post(`/feed-post/like-by-user/${created._id}`, { likedByUser }, { token: member.jwt });
    expect((await like(fan, true)).status).toBe(200);
    await like(fan, false);
    await like(fan, true);
    await like(author, true);
    const page = await pageOf(author);
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      kind: 'post.liked',
      title: `${nameOf(fan)} liked your post`,
      body: 'Shipping our beta today! Thanks all',
      link: `/post/${created.slug}`,
      userSender: sender(fan),
    });
  });

  it('tagged members get one notification each from publishing and notify-tagged-users', async () => {
    const [author, ann, bob, stranger] = await someMembers(4);
    const text = `Great work @[${nameOf(ann)}](${ann.user.id}) and @[${nameOf(bob)}](${bob.user.id})`;
    const created = await newPost(author, { text });
    const response = await post('/notifications/notify-tagged-users', { postId: created._id, taggedUsers: [ann.user.id, bob.user.id, stranger.user.id] }, { token: author.jwt });
    expect(await bodyOf(response)).toEqual({ notified: 2 });
    for (const member of [ann, bob]) {
      const page = await pageOf(member);
      expect(page.total).toBe(1);
      expect(page.data[0]).toMatchObject({
        kind: 'post.mentioned',
        title: `${nameOf(author)} mentioned you in a post`,
        body: `Great work @${nameOf(ann)} and @${nameOf(bob)}`,
        link: `/post/${created.slug}`,
        userSender: sender(author),
      });
    }
    expect((await pageOf(stranger)).total).toBe(0);
    expect((await pageOf(author)).total).toBe(0);
  });

  it('comments, replies and mentions in them tell the post’s author, the comment’s author and the tagged', async () => {
    const [author, commenter, replier, tagged] = await someMembers(4);
    const postId = await storedPost(author, 'A post to comment on');
    const long = `${'word '.repeat(40)}end`;
    const comment = await commentOn(postId, commenter, long);
    expect(await latest(author)).toMatchObject({
      kind: 'post.commented',
      title: `${nameOf(commenter)} commented on your post`,
      link: `/post/post-${postId}`,
      userSender: sender(commenter),
    });
    const body = (await latest(author))!.body;
    expect(body.length).toBeLessThanOrEqual(140);
    expect(body).toMatch(/^word word .*word…$/);

    await replyTo(comment._id, replier, `Agreed @[${nameOf(tagged)}](${tagged.user.id})`);
    expect(await latest(commenter)).toMatchObject({
      kind: 'comment.replied',
      title: `${nameOf(replier)} replied to your comment`,
      body: `Agreed @${nameOf(tagged)}`,
      link: `/post/post-${postId}`,
      userSender: sender(replier),
    });
    expect(await latest(tagged)).toMatchObject({ kind: 'comment.mentioned', title: `${nameOf(replier)} mentioned you in a reply`, userSender: sender(replier) });

    // The replier tagging them again in this post within a day tells nothing more (feed/tag-notices.ts); another writer does.
    await commentOn(postId, replier, `again @[${nameOf(tagged)}](${tagged.user.id})`);
    expect((await pageOf(tagged)).total).toBe(1);
    await commentOn(postId, commenter, `cc @[${nameOf(tagged)}](${tagged.user.id})`);
    expect(await latest(tagged)).toMatchObject({ kind: 'comment.mentioned', title: `${nameOf(commenter)} mentioned you in a comment`, body: `cc @${nameOf(tagged)}` });
    expect((await pageOf(tagged)).total).toBe(2);
    // The author's own comment on their post tells nobody.
    const before = (await pageOf(author)).total;
    await commentOn(postId, author, 'Thanks!');
    expect((await pageOf(author)).total).toBe(before);
  });
});

describe('account notices', () => {
  it('a password change and a reset each leave a notice without sender', async () => {
    const member = await signedInMember();
    const changed = await post(
      '/auth/change-password',
      { currentPassword: member.password, password: 'my-new-password', passwordConfirmation: 'my-new-password' },
      { token: member.jwt },
    );
    expect(changed.status).toBe(200);
    const { jwt } = await bodyOf(changed);
    const signedIn = { ...member, jwt };
    expect(await latest(signedIn)).toMatchObject({ kind: 'account.changed', title: 'Your password was changed', link: '/settings/password', userSender: null });

    await post('/auth/reset-password', { type: 'request', email: member.user.email });
    const reset = await post('/auth/reset-password', {
      type: 'reset',
      code: await resetCodeFor(member.user.email),
      password: 'another-password',
      passwordConfirmation: 'another-password',
    });
    expect(reset.status).toBe(200);
    const after = { ...member, jwt: (await bodyOf(reset)).jwt };
    expect(await latest(after)).toMatchObject({ kind: 'account.changed', title: 'Your password was reset', userSender: null });
    expect(await unseenOf(after)).toBe(2);
  });

  it('an administrator starts and ends Premium (a notice each time it changes); others are refused', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const member = await signedInMember({ premium: true });
    const premium = (value: unknown, token?: string, userId = member.user.id) => call('PATCH', `/admin/members/${userId}/premium`, { premium: value }, { token });

    expect((await premium(true, member.jwt)).status).toBe(403);
    expect((await premium(true)).status).toBe(401);
    expect((await premium('yes', admin.jwt)).status).toBe(400);
    expect((await premium(true, admin.jwt, 'f'.repeat(24))).status).toBe(404);

    // Premium through the founder flag already: setting it changes nothing, tells nothing.
    expect(await bodyOf(await premium(true, admin.jwt))).toEqual({ userId: member.user.id, premium: true, changed: false });
    expect((await pageOf(member)).total).toBe(0);

    expect(await bodyOf(await premium(false, admin.jwt))).toEqual({ userId: member.user.id, premium: false, changed: true });
    const me = await bodyOf(await call('GET', '/auth/me', undefined, { token: member.jwt }));
    expect([me.role.type, me.founder.premium]).toEqual(['free', false]);
    expect(await latest(member)).toMatchObject({ kind: 'account.premium', title: 'Your Premium membership ended', userSender: null });

    expect(await bodyOf(await premium(true, admin.jwt))).toEqual({ userId: member.user.id, premium: true, changed: true });
    expect(await latest(member)).toMatchObject({ kind: 'account.premium', title: 'You are now a Premium member', link: '/views' });
    expect((await pageOf(member)).total).toBe(2);
  });
});
