/** Posts and comments as the API answers them, for the post page's unit tests. */
import type { Comment, FeedPost, Reply } from '@api/feed/schemas';

const ada = {
  _id: 'a'.repeat(24),
  memberType: 'founder' as const,
  name: 'Ada Lovelace',
  tagline: 'Analytical engines',
  slug: 'ada-lovelace',
  avatar: 'avatars/ada.webp',
  banner: null,
  profileId: 'f1',
  premium: false,
};
const helen = {
  _id: 'b'.repeat(24),
  memberType: 'advisor' as const,
  name: 'Helen Park',
  tagline: null,
  slug: 'helen-park',
  avatar: null,
  banner: null,
  profileId: 'v1',
  premium: false,
};

/** A post with text, two pictures, a poll, a group and hashtags. */
export function postFixture(overrides: Partial<FeedPost> = {}): FeedPost {
  return {
    _id: 'c'.repeat(24),
    slug: 'shipping-our-first-engine-cccccc',
    text: 'Shipping our first engine today with @[Helen Park](bbbbbbbbbbbbbbbbbbbbbbbb)!\nThanks all. #launch #engines',
    poll: {
      _id: 'p1',
      question: 'Which loom next?',
      options: [
        { _id: 'o1', label: 'Jacquard', votes: 3, share: 0.75 },
        { _id: 'o2', label: 'Dobby', votes: 1, share: 0.25 },
      ],
      totalVotes: 4,
      closesAt: null,
      closed: false,
      votedOptionId: null,
    },
    media: [
      { _id: 'm1', url: 'posts/m1.webp', mime: 'image/webp', alt: 'The engine on a bench', width: 1200, height: 800 },
      { _id: 'm2', url: 'posts/m2.png', mime: 'image/png', alt: null, width: null, height: null },
    ],
    isPinned: false,
    group: 'founders',
    createdAt: '2026-03-05T10:00:00.000Z',
    updatedAt: '2026-03-06T09:00:00.000Z',
    editedAt: '2026-03-06T09:00:00.000Z',
    author: ada,
    likeCount: 7,
    commentCount: 3,
    likedByUser: false,
    hashtags: ['launch', 'engines'],
    mentions: [{ _id: helen._id, name: 'Helen Park', slug: 'helen-park', memberType: 'advisor' }],
    canEdit: false,
    canDelete: false,
    ...overrides,
  };
}

/** A reply by Ada. */
export function replyFixture(overrides: Partial<Reply> = {}): Reply {
  return {
    _id: 'r1',
    replyId: 'r1',
    commentId: 'k1',
    postId: 'c'.repeat(24),
    text: 'Thank you!',
    author: ada,
    createdAt: '2026-03-05T12:00:00.000Z',
    updatedAt: '2026-03-05T12:00:00.000Z',
    editedAt: null,
    canEdit: false,
    canDelete: false,
    ...overrides,
  };
}

/** A comment by Helen with one reply. */
export function commentFixture(overrides: Partial<Comment> = {}): Comment {
  return {
    _id: 'k1',
    commentId: 'k1',
    postId: 'c'.repeat(24),
    text: 'Congratulations </script><b>x</b>',
    author: helen,
    createdAt: '2026-03-05T11:00:00.000Z',
    updatedAt: '2026-03-05T11:00:00.000Z',
    editedAt: null,
    replyCount: 1,
    replies: [replyFixture()],
    canEdit: false,
    canDelete: false,
    ...overrides,
  };
}
