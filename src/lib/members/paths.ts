/** Where a member's public profile lives. */
import type { MemberType } from './types';

/** The public address of a member's profile: `/founder/<slug>` or `/advisor/<slug>`. */
export function profilePath(memberType: MemberType, slug: string): string {
  return `/${memberType}/${encodeURIComponent(slug)}`;
}
