/**
 * The connections wire shapes the screens read (the contract of issue 4). Member ids are
 * user ids.
 */

export type MemberType = 'founder' | 'advisor';

/** The derived display profile of SPEC.md §3 plus ids. */
export interface MemberCard {
  _id: string;
  memberType: MemberType;
  name: string;
  /** For an advisor, the position. */
  tagline: string | null;
  slug: string;
  avatar: string | null;
  banner: string | null;
  profileId: string;
}

export type ConnectionStatus = 'pending' | 'accepted' | 'ignored' | 'withdrawn' | 'removed';

/** A connection or request as the viewer may see it (an ignored request shows `pending` to its sender). */
export interface Connection {
  _id: string;
  status: ConnectionStatus;
  direction: 'sent' | 'received';
  note: string | null;
  createdAt: string;
  updatedAt: string;
  member: MemberCard;
}

export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
  pages: number;
}

export interface ConnectionCounts {
  received: number;
  sent: number;
  accepted: number;
  blocked: number;
}

export interface Suggestion {
  member: MemberCard;
  reasons: string[];
  score: number;
}

export interface BlockedMember {
  member: MemberCard;
  createdAt: string;
}

/** The state between the viewer and another member. */
export type RelationState = 'self' | 'none' | 'pending_sent' | 'pending_received' | 'connected' | 'blocked';
export type RelationAction = 'connect' | 'withdraw' | 'accept' | 'ignore' | 'message' | 'remove' | 'unblock';

/** GET /founder/connection-status/{id}. */
export interface ConnectionStatusAnswer {
  state: RelationState;
  connectionId: string | null;
  actions: RelationAction[];
  member: MemberCard;
}

/** What connect, accept, ignore, withdraw and remove answer. */
export interface ConnectionChange {
  state: 'pending_sent' | 'connected' | 'none';
  connection: Connection;
}

export type ReportReason = 'spam' | 'harassment' | 'fake-profile' | 'inappropriate' | 'other';

export interface AdminReport {
  _id: string;
  targetType: 'member' | 'post';
  targetId: string;
  reason: ReportReason;
  details: string | null;
  status: 'open' | 'resolved';
  createdAt: string;
  reporter: MemberCard;
  target: MemberCard | null;
}
