/** How a member card reads on screen: initials for a missing picture, the type's name. */
import { mediaUrl } from '../text/media-url';
import type { MemberCard, MemberType } from './types';

export const MEMBER_TYPE_LABEL: Readonly<Record<MemberType, string>> = { founder: 'Founder', advisor: 'Advisor' };

/** Up to two initials of a display name ("Ada Lovelace" → "AL"); "?" when there is none. */
export function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return (
    letters
      .map((word) => Array.from(word)[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

/** The picture's address under the media base (MEDIA_BASE_URL), or null to show initials. */
export function avatarUrl(member: Pick<MemberCard, 'avatar'>, mediaBase?: string): string | null {
  return mediaUrl(member.avatar, mediaBase) || null;
}
