/**
 * The member card every area shows (feed authors, inbox threads, connections rows,
 * notifications): type-only re-exports of the API worker's schemas.
 */
export type { MemberCard } from '@api/members/schemas';
export type { MemberType } from '@api/users/schemas';
