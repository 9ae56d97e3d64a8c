import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, signedInMember } from '../../test/api';
import { eventsFor } from '../events/publish';
import { db } from '../db/client';
import { systemClock } from '../clock';
import { sendForm } from '../profiles/test-forms';
import { containsText } from '../media/test-images';
import { asMember, createPostAs, editPostAs, mp4Bytes, newPost, pngFile, postForm, TEST_LOCATION, testVideo } from '../../test/posts';

const deps = { db: db(env), clock: systemClock };

describe('POST /feed-post', () => {
  it('publishes text with hashtags, a mention, a poll and an image', async () => {
    const author = await signedInMember({ firstName: 'Ada', lastName: 'Author' });
    const tagged = await signedInMember({ firstName: 'Tom', lastName: 'Tagged' });
    const response = await createPostAs(author, {
      text: `Closing our #PreSeed with @[Tom Tagged](${tagged.user.id}) #climate #2024`,
      poll: JSON.stringify({ question: 'Which first?', options: ['Hiring', 'Product'] }),
      group: 'fundraising',
      media: await pngFile(),
      mediaAlt: 'Our team at the launch',
    });
    expect(response.status).toBe(201);
    const post = await bodyOf(response);
    expect(post).toMatchObject({
      text: `Closing our #PreSeed with @[Tom Tagged](${tagged.user.id}) #climate #2024`,
      group: 'fundraising',
      hashtags: ['climate', 'preseed'],
      mentions: [{ _id: tagged.user.id, name: 'Tom Tagged', memberType: 'founder' }],
      likeCount: 0,
      commentCount: 0,
      likedByUser: false,
      canEdit: true,
      canDelete: true,
      isPinned: false,
      editedAt: null,
      author: { _id: author.user.id, name: 'Ada Author' },
    });
    expect(post.slug).toMatch(/^closing-our-preseed-with-tom-tagged-[0-9a-f]{6}$/);
    expect(post.media).toEqual([expect.objectContaining({ mime: 'image/png', alt: 'Our team at the launch', width: 8, height: 8 })]);
    expect(post.media[0].url).toMatch(/^posts\/[0-9a-f]{24}\.png$/);
    expect(await env.MEDIA.head(post.media[0].url)).not.toBeNull();
    expect(post.poll).toMatchObject({ question: 'Which first?', totalVotes: 0, closed: false, votedOptionId: null });
    expect(post.poll.options.map((option: { label: string }) => option.label)).toEqual(['Hiring', 'Product']);
    const events = await eventsFor(deps, tagged.user.id, 'post.mentioned');
    expect(events).toEqual([expect.objectContaining({ actorId: author.user.id, postId: post._id, slug: post.slug })]);
  });

  it('accepts one video by its bytes and stores it without its location', async () => {
    const author = await signedInMember();
    const video = await testVideo('mp4', { tags: true, audio: true });
    expect(containsText(video, TEST_LOCATION)).toBe(true);
    const post = await newPost(author, { media: new File([video], 'clip.bin', { type: 'application/octet-stream' }) });
    expect(post.media).toEqual([expect.objectContaining({ mime: 'video/mp4', width: null })]);
    const stored = new Uint8Array(await (await env.MEDIA.get(post.media[0].url))!.arrayBuffer());
    expect(containsText(stored, TEST_LOCATION)).toBe(false);
    expect(containsText(stored, 'moov')).toBe(true);
  });

  it('refuses a video cut short or only a header, naming media.0', async () => {
    const author = await signedInMember();
    const video = await testVideo('webm');
    for (const bytes of [video.subarray(0, video.length - 100), mp4Bytes()]) {
      const response = await createPostAs(author, { text: 'Demo', media: new File([bytes], 'demo.webm') });
      expect(response.status).toBe(400);
      expect((await bodyOf(response)).data.fields['media.0']).toBe('must be a complete MP4 or WebM video with a video track');
    }
  });

  it('names the field at fault', async () => {
    const author = await signedInMember();
    const cases: [Record<string, string | string[] | File | File[] | null>, string][] = [
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(3001) }, 'text'],
      [{ text: 'Poll', poll: '{"options": [' }, 'poll'],
      [{ text: 'Poll', poll: JSON.stringify({ options: ['Only one'] }) }, 'poll.options'],
      [{ text: 'Poll', poll: JSON.stringify({ options: ['a', 'b'], closesAt: '2001-01-01T00:00:00Z' }) }, 'poll.closesAt'],
      [{ text: 'Pic', media: new File([new TextEncoder().encode('<svg onload=alert(1)>')], 'x.png', { type: 'image/png' }), mediaAlt: 'x' }, 'media.0'],
      [{ text: 'Pic', media: await pngFile() }, 'mediaAlt.0'],
      [{ text: 'Pics', media: await Promise.all([1, 2, 3, 4, 5].map(() => pngFile())), mediaAlt: ['a', 'b', 'c', 'd', 'e'] }, 'media'],
      [{ text: 'Both', media: [new File([await testVideo('mp4')], 'a.mp4'), await pngFile()], mediaAlt: ['', 'b'] }, 'media'],
      [{ text: 'Group', group: 'no-such-group' }, 'group'],
      [{ post_by: null, text: 'Who' }, 'post_by'],
    ];
    for (const [fields, field] of cases) {
      const response = await createPostAs(author, fields);
      expect(response.status, field).toBe(400);
      expect((await bodyOf(response)).data.fields, JSON.stringify(Object.keys(fields))).toHaveProperty([field]);
    }
  });

  it('counts a post as readers see it: a mention counts as @Name, not its stored token', async () => {
    const author = await signedInMember();
    const tagged = await signedInMember({ firstName: 'Tom', lastName: 'Tagged' });
    const mention = `@[Tom Tagged](${tagged.user.id})`;
    // 3,000 characters as read ("@Tom Tagged " and the rest), more than that as stored.
    const text = `${mention} ${'x'.repeat(3000 - '@Tom Tagged '.length)}`;
    expect(text.length).toBeGreaterThan(3000);
    expect((await createPostAs(author, { text })).status).toBe(201);
    const over = await createPostAs(author, { text: `${text}x` });
    expect(over.status).toBe(400);
    expect((await bodyOf(over)).data.fields).toEqual({ text: 'must be at most 3000 characters' });
  });

  it('refuses an image over 10 MB', async () => {
    const author = await signedInMember();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await (await pngFile()).bytes());
    const response = await createPostAs(author, { text: 'Big', media: new File([big], 'big.png'), mediaAlt: 'big' });
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields['media.0']).toMatch(/at most 10 MB/);
  });

  it('answers 403 when post_by is not the caller, or the group is not for their member type', async () => {
    const author = await signedInMember();
    const other = await signedInMember();
    expect((await createPostAs(author, { post_by: other.user.id, text: 'Impersonating' })).status).toBe(403);
    expect((await createPostAs(author, { text: 'Advisors only', group: 'advisors' })).status).toBe(403);
    expect((await createPostAs(author, { text: 'Founders only', group: 'founders' })).status).toBe(201);
  });

  it('wants a multipart body and a session', async () => {
    const author = await signedInMember();
    expect((await sendForm('POST', '/feed-post', JSON.stringify({ text: 'json' }), { token: author.jwt })).status).toBe(415);
    expect((await sendForm('POST', '/feed-post', postForm(author, { text: 'anon' }))).status).toBe(401);
  });
});

describe('GET /feed-post/{slug}', () => {
  it('is public: visitors see the post without their own state', async () => {
    const author = await signedInMember();
    const post = await newPost(author);
    await asMember(author, 'POST', `/feed-post/like-by-user/${post._id}`, { likedByUser: true });
    const visitor = await bodyOf(await get(`/feed-post/${post.slug}`));
    expect(visitor).toMatchObject({ _id: post._id, likeCount: 1, likedByUser: false, canEdit: false, canDelete: false });
    const own = await bodyOf(await get(`/feed-post/${post.slug}`, { token: author.jwt }));
    expect(own).toMatchObject({ likedByUser: true, canEdit: true });
    expect((await get('/feed-post/no-such-post-abc123')).status).toBe(404);
  });
});

describe('PUT /feed-post/{post_id}', () => {
  it('keeps the old version in the history and marks the post edited', async () => {
    const author = await signedInMember();
    const tagged = await signedInMember();
    const post = await newPost(author, { text: 'First #draft', media: await pngFile(), mediaAlt: 'first' });
    const response = await editPostAs(author, post._id, { text: `Second #final with @[T](${tagged.user.id})` });
    expect(response.status).toBe(200);
    const edited = await bodyOf(response);
    expect(edited).toMatchObject({ text: `Second #final with @[T](${tagged.user.id})`, hashtags: ['final'], editedAt: expect.any(String), media: post.media });
    expect(await eventsFor(deps, tagged.user.id, 'post.mentioned')).toHaveLength(1);
    const history = await bodyOf(await asMember(author, 'GET', `/feed-post/${post._id}/history`));
    expect(history.data).toEqual([expect.objectContaining({ text: 'First #draft', media: post.media, editedBy: expect.objectContaining({ _id: author.user.id }) })]);
  });

  it('replaces the media with replaceMedia and deletes the old files', async () => {
    const author = await signedInMember();
    const post = await newPost(author, { text: 'Pics', media: await pngFile(), mediaAlt: 'old' });
    const edited = await bodyOf(await editPostAs(author, post._id, { replaceMedia: 'true', media: await pngFile(16, 16), mediaAlt: 'new' }));
    expect(edited.media).toEqual([expect.objectContaining({ alt: 'new', width: 16 })]);
    expect(edited.media[0].url).not.toBe(post.media[0].url);
    expect(await env.MEDIA.head(post.media[0].url)).toBeNull();
    const removed = await bodyOf(await editPostAs(author, post._id, { replaceMedia: 'true' }));
    expect(removed.media).toEqual([]);
  });

  it('lets only the author edit (403), and keeps a voted poll’s options (409)', async () => {
    const author = await signedInMember();
    const other = await signedInMember();
    const admin = await signedInMember({ userRole: 'admin' });
    const post = await newPost(author, { text: 'Vote', poll: JSON.stringify({ options: ['a', 'b'] }) });
    expect((await editPostAs(other, post._id, { text: 'Mine now' })).status).toBe(403);
    expect((await editPostAs(admin, post._id, { text: 'Admin edit' })).status).toBe(403);
    await asMember(other, 'GET', `/feed-post/${post.poll.options[0]._id}/vote?pollId=${post.poll._id}`);
    const changed = await editPostAs(author, post._id, { poll: JSON.stringify({ options: ['a', 'c'] }) });
    expect(changed.status).toBe(409);
    const sameOptions = await editPostAs(author, post._id, { text: 'Vote now', poll: JSON.stringify({ question: 'Which?', options: ['a', 'b'] }) });
    expect(sameOptions.status).toBe(200);
    expect((await bodyOf(sameOptions)).poll).toMatchObject({ question: 'Which?', totalVotes: 1 });
  });

  it('refuses to empty a post', async () => {
    const author = await signedInMember();
    const post = await newPost(author, { text: 'Only text' });
    const response = await editPostAs(author, post._id, { text: '' });
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toHaveProperty('text');
  });
});

describe('POST /feed-post/delete/{post_id}', () => {
  it('lets the author or an admin delete, nobody else', async () => {
    const author = await signedInMember();
    const other = await signedInMember();
    const admin = await signedInMember({ userRole: 'admin' });
    const first = await newPost(author, { text: 'Bye', media: await pngFile(), mediaAlt: 'bye' });
    expect((await asMember(other, 'POST', `/feed-post/delete/${first._id}`)).status).toBe(403);
    const deleted = await asMember(author, 'POST', `/feed-post/delete/${first._id}`);
    expect(await bodyOf(deleted)).toEqual({ deleted: true });
    expect(await env.MEDIA.head(first.media[0].url)).toBeNull();
    expect((await get(`/feed-post/${first.slug}`)).status).toBe(404);
    const second = await newPost(author);
    expect((await asMember(admin, 'POST', `/feed-post/delete/${second._id}`)).status).toBe(200);
  });
});
