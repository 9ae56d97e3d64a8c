/**
 * The connections wire shapes the screens read. They live once, in the API worker's
 * schemas; these are type-only re-exports (nothing of zod reaches the browser).
 * Member ids are user ids.
 */
export type {
  BlockedMember,
  Connection,
  ConnectionChange,
  ConnectionCounts,
  Relation as ConnectionStatusAnswer,
  RelationAction,
  RelationState,
  Suggestion,
} from '@api/connections/schemas';
export type { Paged } from '@api/db/paging';
export type { MemberCard } from '../members/types';
export type { ReportReason } from '../members/reports';
