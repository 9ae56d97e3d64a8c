/**
 * The domain events other parts of the product react to (the notifications issue
 * delivers them). A discriminated union on `type`: `actorId` did it, `subjectId` is the
 * member it is for.
 */
export type DomainEvent =
  | { type: 'connection.requested'; actorId: string; subjectId: string; connectionId: string }
  | { type: 'connection.accepted'; actorId: string; subjectId: string; connectionId: string }
  // The feed's posts (functions/src/feed): a tagged member, the post's author.
  | { type: 'post.mentioned'; actorId: string; subjectId: string; postId: string; slug: string }
  | { type: 'post.liked'; actorId: string; subjectId: string; postId: string; slug: string }
  // The feed's comments (functions/src/comments): the post's author, the comment's author, a tagged member.
  | { type: 'post.commented'; actorId: string; subjectId: string; postId: string; commentId: string }
  | { type: 'comment.replied'; actorId: string; subjectId: string; postId: string; commentId: string; replyId: string }
  | { type: 'comment.mentioned'; actorId: string; subjectId: string; postId: string; commentId: string; replyId: string | null };

export type DomainEventType = DomainEvent['type'];

/** An event as recorded in domain_events. */
export type RecordedEvent = DomainEvent & { _id: string; createdAt: string };
