/** How a member card reads on screen: initials for a missing picture, the type's name. */
import { mediaUrl } from '../text/media-url';
import type { MemberCard, MemberType, ReportReason } from './types';

export const MEMBER_TYPE_LABEL: Readonly<Record<MemberType, string>> = { founder: 'Founder', advisor: 'Advisor' };

/** Up to two initials of a display name ("Ada Lovelace" → "AL"); "?" when there is none. */
export function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => Array.from(word)[0] ?? '').join('').toUpperCase() || '?';
}

/** The picture's address under the media base (MEDIA_BASE_URL), or null to show initials. */
export function avatarUrl(member: Pick<MemberCard, 'avatar'>, mediaBase?: string): string | null {
  return mediaUrl(member.avatar, mediaBase) || null;
}

/** The report reasons, in the order the report dialog lists them. */
export const REPORT_REASONS: ReadonlyArray<{ value: ReportReason; label: string; hint: string }> = [
  { value: 'spam', label: 'Spam', hint: 'Unwanted promotion or repeated messages' },
  { value: 'harassment', label: 'Harassment', hint: 'Insults, threats or unwelcome contact' },
  { value: 'fake-profile', label: 'Fake profile', hint: 'Pretends to be someone else or is not real' },
  { value: 'inappropriate', label: 'Inappropriate content', hint: 'Offensive pictures or text' },
  { value: 'other', label: 'Something else', hint: 'Tell us in the details' },
];

export const REPORT_REASON_LABEL: Readonly<Record<ReportReason, string>> = Object.fromEntries(
  REPORT_REASONS.map((reason) => [reason.value, reason.label]),
) as Record<ReportReason, string>;

/** Longest request note and report details, as the API accepts them. */
export const NOTE_MAX = 300;
export const DETAILS_MAX = 1000;
