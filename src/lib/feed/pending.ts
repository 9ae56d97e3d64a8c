/** The post a draft shows as while it is being sent: the viewer's, with one upload placeholder when it carries files (docs/product.md#media). */
import { progressItem } from './media';
import { pollPayload, type PostDraft } from './post-form';
import type { FeedPost, MemberCard } from './types';

/** A stand-in post under `tempId` (ids starting `pending-` are never sent to the API). */
export function pendingPost(tempId: string, draft: PostDraft, author: MemberCard, at: string): FeedPost {
  const poll = pollPayload(draft.poll);
  return {
    _id: tempId,
    slug: '',
    text: draft.text.trim(),
    isPinned: false,
    group: draft.group,
    poll: poll
      ? {
          _id: `${tempId}-poll`,
          question: poll.question ?? null,
          options: poll.options.map((label, index) => ({ _id: `${tempId}-${index}`, label, votes: 0, share: 0 })),
          totalVotes: 0,
          closesAt: poll.closesAt ?? null,
          closed: false,
          votedOptionId: null,
        }
      : null,
    media: draft.files.length ? [progressItem(`${tempId}-upload`, 0)] : [],
    createdAt: at,
    updatedAt: at,
    editedAt: null,
    author,
    likeCount: 0,
    commentCount: 0,
    likedByUser: false,
    hashtags: [],
    mentions: [],
    canEdit: false,
    canDelete: false,
  };
}
