/** The signed-in member as a post author card, for posts and comments shown before the server answers. */
import type { User } from '@api/users/schemas';
import { isPremium } from '@api/shared/roles';
import type { MemberCard } from './types';

/** The member card of `user` (founder profile or advisor record). */
export function viewerCard(user: User): MemberCard {
  const founder = user.profile;
  const advisor = user.advisor;
  return {
    _id: user._id,
    memberType: user.memberType,
    name: advisor?.name ?? `${founder?.firstName ?? user.firstName} ${founder?.lastName ?? user.lastName}`.trim(),
    tagline: founder?.tagline ?? advisor?.position ?? null,
    slug: founder?.slug ?? advisor?.slug ?? '',
    avatar: founder?.profilePicture?.url ?? advisor?.profilePicture?.url ?? null,
    banner: founder?.profileBanner?.url ?? advisor?.profileBanner?.url ?? null,
    profileId: founder?._id ?? advisor?._id ?? user._id,
    premium: isPremium(user),
  };
}
