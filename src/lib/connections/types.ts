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
export type { MemberCard } from '@api/members/schemas';
export type { Paged } from '@api/db/paging';
export type { AdminReport } from '@api/reports/schemas';
export type { MemberType } from '@api/users/schemas';

import type { AdminReport } from '@api/reports/schemas';

export type ReportReason = AdminReport['reason'];
