/**
 * Who the customer chat is talking to (docs/product.md#privacy-settings): a signed-in member is identified by
 * email and phone and as a free or premium user; members not yet onboarded also get
 * basic data (name, member type, onboarded false).
 */
import { isPremium } from '@api/shared/roles';
import type { User } from '@api/users/schemas';

export type ChatUserType = 'free' | 'premium';

export interface ChatIdentity {
  email: string;
  phone: string | null;
  nickname: string;
  userType: ChatUserType;
  /** Extra session data: basic data for members who have not finished onboarding. */
  data: Record<string, string | boolean>;
}

type IdentityFields = Pick<User, 'email' | 'phone' | 'firstName' | 'lastName' | 'memberType' | 'onboarded'> & Partial<Pick<User, 'role' | 'founder' | 'userRole'>>;

/** The chat identity of a member, or null for a visitor. */
export function chatIdentity(user: IdentityFields | null | undefined): ChatIdentity | null {
  if (!user) return null;
  const name = [user.firstName, user.lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  const phone = (user.phone ?? '').trim() || null;
  const data: Record<string, string | boolean> = user.onboarded ? { onboarded: true } : { name, memberType: user.memberType, onboarded: false };
  return {
    email: user.email,
    phone,
    nickname: name || user.email,
    userType: isPremium(user) ? 'premium' : 'free',
    data,
  };
}
