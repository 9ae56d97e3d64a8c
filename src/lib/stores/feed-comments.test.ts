import { atom } from 'nanostores';
import { describe, expect, test, vi } from 'vitest';
import { AppError } from '../errors';
import type { Comment, MemberCard, Reply } from '../feed/types';
import { sessionStub } from '../api/session-stub';
import { createCommentActions, type CommentsState } from './feed-comments';

const ada: MemberCard = { _id: 'a'.repeat(24), memberType: 'founder', name: 'Ada', tagline: null, slug: 'ada', avatar: null, banner: null, profileId: 'p-a', premium: false };

const comment = (id: string, replies: Reply[] = []): Comment => ({
  _id: id,
  commentId: id,
  postId: 'post',
  text: `Comment ${id}`,
  author: ada,
  createdAt: '',
  updatedAt: '',
  editedAt: null,
  replyCount: replies.length,
  replies,
  canEdit: true,
  canDelete: true,
  mentions: [],
});
const reply = (id: string): Reply => ({
  _id: id,
  replyId: id,
  commentId: 'c1',
  postId: 'post',
  text: `Reply ${id}`,
  author: ada,
  createdAt: '',
  updatedAt: '',
  editedAt: null,
  canEdit: true,
  canDelete: true,
  mentions: [],
});

function setup() {
  const store = atom<CommentsState>({});
  const { api, session } = sessionStub();
  const notify = vi.fn();
  const countComments = vi.fn();
  const actions = createCommentActions({ store, api, notify, countComments, now: () => 'now' });
  return { store, session, notify, countComments, actions };
}

describe('the comments store', () => {
  test('loads a post’s first page once', async () => {
    const { store, session, actions } = setup();
    session.mockResolvedValue({ data: [comment('c1')], total: 1, page: 1, limit: 10, pages: 1 });
    await actions.load('post');
    await actions.load('post');
    expect(session).toHaveBeenCalledTimes(1);
    expect(session).toHaveBeenCalledWith('feed/comments/post?page=1&limit=10');
    expect(store.get().post!.items.map((item) => item._id)).toEqual(['c1']);
  });

  test('a new comment shows at once, counts, and becomes the server’s', async () => {
    const { store, session, countComments, actions } = setup();
    let answer!: (value: Comment) => void;
    session.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const adding = actions.add('post', ' Hello ', ada);
    expect(store.get().post!.items[0]).toMatchObject({ text: 'Hello', author: ada });
    expect(countComments).toHaveBeenCalledWith('post', 1);
    answer(comment('c9'));
    expect(await adding).toBe(true);
    expect(store.get().post!.items.map((item) => item._id)).toEqual(['c9']);
  });

  test('a refused reply leaves again, with the count and a message', async () => {
    const { store, session, notify, countComments, actions } = setup();
    session.mockResolvedValueOnce({ data: [comment('c1')], total: 1, page: 1, limit: 10, pages: 1 });
    await actions.load('post');
    session.mockRejectedValueOnce(new AppError('You cannot reply to this member.', 403));
    expect(await actions.reply('post', 'c1', 'Hi', ada)).toBe(false);
    expect(store.get().post!.items[0]!.replies).toEqual([]);
    expect(countComments.mock.calls).toEqual([
      ['post', 1],
      ['post', -1],
    ]);
    expect(notify).toHaveBeenCalledWith('You cannot reply to this member.', 'error');
  });

  test('deleting a comment takes its replies off the count, and a refusal puts everything back', async () => {
    const { store, session, countComments, actions } = setup();
    session.mockResolvedValueOnce({ data: [comment('c1', [reply('r1'), reply('r2')])], total: 1, page: 1, limit: 10, pages: 1 });
    await actions.load('post');
    session.mockRejectedValueOnce(new AppError('Not yours.', 403));
    expect(await actions.remove('post', 'c1')).toBe(false);
    expect(countComments.mock.calls).toEqual([
      ['post', -3],
      ['post', 3],
    ]);
    expect(store.get().post!.items[0]!.replies).toHaveLength(2);
  });
  test('a long thread reads its later replies a page at a time, in time order beside a fresh one of the member', async () => {
    const { store, session, notify, actions } = setup();
    const at = (n: number) => `2026-05-01T10:${String(n).padStart(2, '0')}:00.000Z`;
    const timed = (id: string, n: number): Reply => ({ ...reply(id), createdAt: at(n) });
    const first = Array.from({ length: 50 }, (_, i) => timed(`r${i}`, i));
    session.mockResolvedValueOnce({ data: [{ ...comment('c1', first), replyCount: 53 }], total: 1, page: 1, limit: 10, pages: 1 });
    await actions.load('post');
    session.mockResolvedValueOnce(timed('mine', 59));
    await actions.reply('post', 'c1', 'Mine', ada);

    session.mockResolvedValueOnce({ data: [timed('r50', 50), timed('r51', 51), timed('r52', 52)], total: 53, page: 2, limit: 50, pages: 2 });
    expect(await actions.loadMoreReplies('post', 'c1')).toBe(false);
    expect(session).toHaveBeenLastCalledWith('feed/comments/replies/c1?page=2&limit=50');
    const ids = store.get().post!.items[0]!.replies.map((item) => item._id);
    expect(ids.slice(-4)).toEqual(['r50', 'r51', 'r52', 'mine']);
    expect(ids).toHaveLength(54);

    session.mockRejectedValueOnce(new AppError('Replies are resting.', 503));
    expect(await actions.loadMoreReplies('post', 'c1')).toBe(true);
    expect(notify).toHaveBeenCalledWith('Replies are resting.', 'error');
    expect(store.get().post!.items[0]!.replies).toHaveLength(54);
  });
});
