/** What the comment routes answer in words (one place, so tests and clients agree). */
export const COMMENT_MESSAGES = {
  postNotFound: 'Post not found.',
  commentNotFound: 'Comment not found.',
  replyNotFound: 'Reply not found.',
  blocked: 'You cannot comment on this post.',
  blockedReply: 'You cannot reply to this comment.',
  notYourComment: 'Only its author can change this comment.',
  notYourReply: 'Only its author can change this reply.',
  cannotDeleteComment: 'Only its author or an administrator can delete this comment.',
  cannotDeleteReply: 'Only its author or an administrator can delete this reply.',
} as const;
