/**
 * The feed's wire shapes as the screens read them. They live once, in the API worker's
 * schemas; these are type-only re-exports (nothing of zod reaches the browser).
 */
export type { Comment, FeedGroup, FeedPost, MediaItem, Mention, Poll, PollOption, PostVersion, Reply } from '@api/feed/schemas';
export type { Paged } from '@api/db/paging';
export type { MemberCard } from '../members/types';
