/** A member's picture, or their initials on a tinted disc when there is none. */
import { avatarUrl, nameInitials } from '../../lib/connections/member';
import type { MemberCard } from '../../lib/connections/types';
import { useMediaBase } from '../shell/media-base';

export function Avatar({ member, size = 44 }: { member: MemberCard; size?: number }) {
  const url = avatarUrl(member, useMediaBase());
  const style = { width: size, height: size };
  if (url) return <img className="cx-avatar" src={url} alt="" width={size} height={size} loading="lazy" decoding="async" style={style} />;
  return (
    <span className="cx-avatar cx-avatar-initials" aria-hidden="true" style={style}>
      {nameInitials(member.name)}
    </span>
  );
}
