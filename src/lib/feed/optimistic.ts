/**
 * The arithmetic of optimistic updates: what a post looks like right after a like or a
 * vote, before the server answers (and what the rollback restores is the post before).
 */
import type { FeedPost, Poll } from './types';

/** The post with the viewer's like set to `liked`; the count moves only when the state changes. */
export function withLike(post: FeedPost, liked: boolean): FeedPost {
  if (post.likedByUser === liked) return post;
  return { ...post, likedByUser: liked, likeCount: Math.max(0, post.likeCount + (liked ? 1 : -1)) };
}

/**
 * The poll after the viewer votes for `optionId`: the option gains a vote, totals and
 * shares are recomputed. Unchanged when the viewer already voted, the poll is closed or
 * the option is not one of its own.
 */
export function withVote(poll: Poll, optionId: string): Poll {
  if (poll.closed || poll.votedOptionId !== null) return poll;
  if (!poll.options.some((option) => option._id === optionId)) return poll;
  const totalVotes = poll.totalVotes + 1;
  const options = poll.options.map((option) => {
    const votes = option.votes + (option._id === optionId ? 1 : 0);
    return { ...option, votes, share: votes / totalVotes };
  });
  return { ...poll, options, totalVotes, votedOptionId: optionId };
}

/** Whether the viewer may still vote: open, not voted, not past closesAt at `now`. */
export function canVote(poll: Poll, now: number = Date.now()): boolean {
  if (poll.closed || poll.votedOptionId !== null) return false;
  return poll.closesAt === null || Date.parse(poll.closesAt) > now;
}

/** A share as a whole percentage for display ("33%"). */
export function sharePercent(share: number): number {
  return Math.round(Math.max(0, Math.min(1, share)) * 100);
}
