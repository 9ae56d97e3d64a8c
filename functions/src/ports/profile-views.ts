/**
 * The port of the MemberProfileViews objects (profiles/profile-views-object.ts, one per member;
 * its binding profiles/profile-views-binding.ts): the profile views a member got and made. Types only.
 */

/** Which list of a member's views a row belongs to: who viewed them, or whom they viewed. */
export type ProfileViewSide = 'viewers' | 'viewed';

/** A profile view as one member's views object keeps it: `member_id` is the other member of the view. */
export type StoredProfileView = { side: ProfileViewSide; member_id: string; day: string; private: number; viewed_at: string };

/** One member's profile views: the object's methods (profiles/profile-views-object.ts). */
export type ProfileViewBox = {
  record(side: ProfileViewSide, memberId: string, at: string, isPrivate: boolean): Promise<void>;
  viewers(since: string, hidden: string[], limit: number): Promise<{ rows: StoredProfileView[]; total: number }>;
  viewed(since: string, hidden: string[], limit: number): Promise<{ rows: Array<{ member_id: string; viewed_at: string }>; total: number }>;
  countSince(since: string): Promise<number>;
  all(): Promise<StoredProfileView[]>;
  forget(memberIds: string[]): Promise<void>;
  wipe(): Promise<void>;
  importRows(rows: StoredProfileView[]): Promise<number>;
};

/** The members' profile-view stores, one per member (`of(userId)`). */
export type ProfileViewStores = { of(userId: string): ProfileViewBox };
