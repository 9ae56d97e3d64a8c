/** A member's picture, or their initials on a tinted disc when there is none. */
import { avatarUrl, nameInitials } from '../../lib/members/display';
import type { MemberCard } from '../../lib/members/types';
import { useMediaBase } from './media-base';
import './avatar.css';

export function Avatar({ member, size = 44 }: { member: MemberCard; size?: number }) {
  const url = avatarUrl(member, useMediaBase());
  const style = { width: size, height: size };
  if (url) return <img className="ui-avatar" src={url} alt="" width={size} height={size} loading="lazy" decoding="async" style={style} />;
  return (
    <span className="ui-avatar ui-avatar-initials" aria-hidden="true" style={style}>
      {nameInitials(member.name)}
    </span>
  );
}
