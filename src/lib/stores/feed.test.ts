import { atom } from 'nanostores';
import { describe, expect, test, vi } from 'vitest';
import { AppError } from '../errors';
import { emptyFeed, stateFromInitial, visiblePosts, type FeedState, type InitialFeed } from '../feed/state';
import type { FeedPost, MemberCard, Paged, Poll } from '../feed/types';
import { FEED_POSTS_KEY } from '../storage';
import { sessionStub } from '../api/session-stub';
import { createFeedActions } from './feed';

const ada: MemberCard = {
  _id: 'a'.repeat(24),
  memberType: 'founder',
  name: 'Ada Lovelace',
  tagline: null,
  slug: 'ada',
  avatar: null,
  banner: null,
  profileId: 'p-a',
  premium: false,
};

function post(id: string, over: Partial<FeedPost> = {}): FeedPost {
  return {
    _id: id,
    slug: `post-${id}`,
    text: `Post ${id}`,
    poll: null,
    media: [],
    isPinned: false,
    group: null,
    createdAt: `2026-03-0${id.length}T10:00:00Z`,
    updatedAt: '2026-03-01T10:00:00Z',
    editedAt: null,
    author: ada,
    likeCount: 2,
    commentCount: 0,
    likedByUser: false,
    hashtags: [],
    mentions: [],
    canEdit: true,
    canDelete: true,
    ...over,
  };
}

const page = (data: FeedPost[], pageNo = 1, pages = 2): Paged<FeedPost> => ({ data, total: data.length * pages, page: pageNo, limit: 10, pages });

const poll: Poll = {
  _id: 'poll',
  question: null,
  options: [
    { _id: 'o1', label: 'A', votes: 0, share: 0 },
    { _id: 'o2', label: 'B', votes: 1, share: 1 },
  ],
  totalVotes: 1,
  closesAt: null,
  closed: false,
  votedOptionId: null,
};

function setup(initial: Partial<InitialFeed> = {}) {
  const store = atom<FeedState>(emptyFeed());
  const { api, session } = sessionStub();
  const notify = vi.fn();
  const saved = new Map<string, string>();
  const storage = { getItem: (key: string) => saved.get(key) ?? null, setItem: (key: string, value: string) => void saved.set(key, value) };
  const actions = createFeedActions({ store, api, notify, storage, now: () => '2026-03-09T12:00:00Z' });
  actions.hydrate({ filters: { group: null, hashtag: null }, page: page([post('p1'), post('p2', { poll })]), pinned: [], groups: [], error: null, ...initial });
  return { store, session, notify, saved, actions };
}

describe('the feed store', () => {
  test('starts from the server page, pinned posts on top and not repeated below', () => {
    const state = stateFromInitial({
      filters: { group: null, hashtag: null },
      page: page([post('p1'), post('pin')]),
      pinned: [post('pin', { isPinned: true })],
      groups: [],
      error: null,
    });
    expect(visiblePosts(state).map((item) => item._id)).toEqual(['pin', 'p1']);
  });

  test('a like shows at once and settles with the server count', async () => {
    const { store, session, actions } = setup();
    let answer!: (value: unknown) => void;
    session.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const done = actions.like('p1', true);
    expect(store.get().posts.p1).toMatchObject({ likedByUser: true, likeCount: 3 });
    expect(session).toHaveBeenCalledWith(`feed-post/like-by-user/p1`, { method: 'POST', body: { likedByUser: true } });
    answer({ likedByUser: true, likeCount: 7 });
    expect(await done).toBe(true);
    expect(store.get().posts.p1).toMatchObject({ likedByUser: true, likeCount: 7 });
  });

  test('a refused like is undone and the server says why', async () => {
    const { store, session, notify, actions } = setup();
    session.mockRejectedValue(new AppError('Too many likes.', 429));
    expect(await actions.like('p1', true)).toBe(false);
    expect(store.get().posts.p1).toMatchObject({ likedByUser: false, likeCount: 2 });
    expect(notify).toHaveBeenCalledWith('Too many likes.', 'error');
    expect(store.get().busy).toEqual({});
  });

  test('an @-mention asks for the ten tagging profiles of docs/product.md#limits', async () => {
    const { session, actions } = setup();
    session.mockResolvedValue({ data: [], total: 0 });
    await actions.mentionable('ad');
    expect(session).toHaveBeenCalledWith('founder/tagging-profiles?query=ad&limit=10');
  });

  test('a vote shows the results at once; a refusal puts the poll back', async () => {
    const { store, session, actions } = setup();
    session.mockRejectedValue(new AppError('You have already voted in this poll.', 409));
    const voting = actions.vote('p2', 'o1');
    expect(store.get().posts.p2!.poll).toMatchObject({ votedOptionId: 'o1', totalVotes: 2 });
    expect(session).toHaveBeenCalledWith('feed-post/o1/vote?pollId=poll', { method: 'POST' });
    await voting;
    expect(store.get().posts.p2!.poll).toEqual(poll);
  });

  test('a delete removes the post at once and brings it back in place when refused', async () => {
    const { store, session, actions } = setup();
    session.mockRejectedValueOnce(new AppError('Only the author can delete this post.', 403));
    const deleting = actions.remove('p1');
    expect(store.get().order).toEqual(['p2']);
    expect(await deleting).toBe(false);
    expect(store.get().order).toEqual(['p1', 'p2']);
  });

  test('a new post shows at once with one upload placeholder, then becomes the server post', async () => {
    const { store, session, actions } = setup();
    let finish!: (value: FeedPost) => void;
    session.mockImplementation((_path, request) => {
      request?.onProgress?.(40);
      return new Promise((resolve) => (finish = resolve as (value: FeedPost) => void));
    });
    const file = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
    const creating = actions.create({ text: 'Hello', poll: null, group: null, files: [{ file, alt: 'A' }] }, ada);
    const [pending] = visiblePosts(store.get());
    expect(pending!._id).toMatch(/^pending-/);
    expect(pending!.media).toEqual([expect.objectContaining({ mime: 'progress', url: 'progress:40' })]);
    finish(post('new', { text: 'Hello' }));
    await creating;
    expect(store.get().order).toEqual(['new', 'p1', 'p2']);
  });

  test('your new post shows above the pinned posts, at once and once the server has it', async () => {
    const { store, session, actions } = setup({ pinned: [post('pin1', { isPinned: true }), post('pin2', { isPinned: true })] });
    let finish!: (value: FeedPost) => void;
    session.mockImplementation(() => new Promise((resolve) => (finish = resolve as (value: FeedPost) => void)));
    const creating = actions.create({ text: 'Hello', poll: null, group: null, files: [] }, ada);
    expect(visiblePosts(store.get()).map((item) => item._id)[0]).toMatch(/^pending-/);
    finish(post('new', { text: 'Hello' }));
    await creating;
    expect(visiblePosts(store.get()).map((item) => item._id)).toEqual(['new', 'pin1', 'pin2', 'p1', 'p2']);
  });

  test('a refused post leaves the feed and the error goes back to the composer', async () => {
    const { store, session, actions } = setup();
    session.mockRejectedValue(new AppError('media.0: must be an image', 400));
    await expect(actions.create({ text: 'Hi', poll: null, group: null, files: [] }, ada)).rejects.toThrow('media.0: must be an image');
    expect(store.get().order).toEqual(['p1', 'p2']);
  });

  test('the next page is appended without repeating posts pushed down by new ones', async () => {
    const { store, session, actions } = setup();
    session.mockResolvedValue(page([post('p2'), post('p3')], 2, 2));
    await actions.loadMore();
    expect(store.get().order).toEqual(['p1', 'p2', 'p3']);
    expect(store.get().status).toBe('ready');
    await actions.loadMore();
    expect(session).toHaveBeenCalledTimes(1);
  });

  test('the first posts are kept under the feed key, and shown when the feed cannot load', () => {
    const { saved } = setup();
    expect(JSON.parse(saved.get(FEED_POSTS_KEY)!).map((item: FeedPost) => item._id)).toEqual(['p1', 'p2']);
    const store = atom<FeedState>(emptyFeed());
    const offline = createFeedActions({ store, api: sessionStub().api, notify: vi.fn(), storage: { getItem: (key) => saved.get(key) ?? null, setItem: () => {} }, now: () => '' });
    offline.hydrate({ filters: { group: null, hashtag: null }, page: null, pinned: [], groups: [], error: 'The API is down.' });
    expect(store.get()).toMatchObject({ status: 'error', error: 'The API is down.', order: ['p1', 'p2'] });
  });

  test('an edit shows the new text at once and the old post comes back when refused', async () => {
    const { store, session, actions } = setup();
    session.mockRejectedValue(new AppError('Only the author can edit this post.', 403));
    const editing = actions.edit('p1', { text: 'Changed', poll: null, group: null, files: [] });
    expect(store.get().posts.p1!.text).toBe('Changed');
    await expect(editing).rejects.toThrow('Only the author');
    expect(store.get().posts.p1!.text).toBe('Post p1');
  });
});
