/** What the posts API says, in one place (tests and docs quote these). */
export const FEED_MESSAGES = {
  postNotFound: 'This post does not exist or was deleted.',
  notYourPost: 'Only the author can edit this post.',
  cannotDelete: 'Only the author or an administrator can delete this post.',
  notCaller: 'post_by must be your own user id.',
  adminOnly: 'Only administrators can pin posts.',
  groupAudience: (audience: string) => `Only ${audience}s can post in this group.`,
  groupNotFound: 'This group does not exist.',
  groupExists: 'A group with this key already exists.',
  alreadyVoted: 'You have already voted in this poll.',
  voteByLink: 'Votes are sent with POST; a link or page load cannot vote.',
  pollClosed: 'This poll is closed.',
  optionNotFound: 'This poll option does not exist.',
  pollHasVotes: 'This poll already has votes: its options can no longer change.',
  authorOnlyNotify: 'Only the author can notify the members tagged in this post.',
  multipartOnly: 'Send the post as multipart/form-data.',
  emptyPost: 'a post needs text, a poll or media',
} as const;
