/**
 * The sections of the matching screen for each member type, and how the chosen one lives
 * in the address (`/matching?tab=advisors`). A founder sees co-founder matches and the
 * advisors who fit them; an advisor sees the founders they could help.
 */
import type { MemberType } from '@api/users/schemas';

export type MatchTabKey = 'cofounders' | 'advisors' | 'founders';

export interface MatchTab {
  key: MatchTabKey;
  label: string;
  /** The `memberType` asked of GET /profiles/recommend-search. */
  memberType: MemberType;
  /** One line under the heading, saying what the suggestions are. */
  intro: string;
  /** What an empty section says and where it sends the member to improve it. */
  empty: { title: string; text: string; action: { href: string; label: string } };
}

const PREFERENCES = { href: '/settings/profile', label: 'Complete your co-founder preferences' };
const PROFILE = { href: '/settings/profile', label: 'Complete your profile' };

const COFOUNDERS: MatchTab = {
  key: 'cofounders',
  label: 'Co-founders',
  memberType: 'founder',
  intro: 'Founders whose skills, commitment and plans fit what you look for, and who look for someone like you.',
  empty: {
    title: 'No matches yet — complete your co-founder preferences',
    text: 'Say what you look for in a co-founder (skills, commitment, location) and we will suggest founders who fit.',
    action: PREFERENCES,
  },
};

const ADVISORS: MatchTab = {
  key: 'advisors',
  label: 'Advisors',
  memberType: 'advisor',
  intro: 'Advisors whose expertise and industries fit your startup.',
  empty: {
    title: 'No advisor suggestions yet',
    text: 'Add your industries and the skills you have to your profile, and we will suggest advisors who know them.',
    action: PROFILE,
  },
};

const FOUNDERS: MatchTab = {
  key: 'founders',
  label: 'Founders',
  memberType: 'founder',
  intro: 'Founders working in your industries who could use your expertise.',
  empty: {
    title: 'No founders to suggest yet',
    text: 'Add your areas of expertise and industries to your profile, and we will suggest founders you could help.',
    action: PROFILE,
  },
};

/** The sections a member of `viewerType` sees, the first being the default. */
export function matchTabs(viewerType: MemberType): readonly MatchTab[] {
  return viewerType === 'advisor' ? [FOUNDERS] : [COFOUNDERS, ADVISORS];
}

/** The section `?tab=` names among the viewer's, or their first. */
export function matchTabFromQuery(viewerType: MemberType, value: string | null | undefined): MatchTab {
  const tabs = matchTabs(viewerType);
  return tabs.find((tab) => tab.key === value) ?? tabs[0]!;
}

/** The address of a section (the first one keeps `/matching` bare). */
export function matchTabHref(viewerType: MemberType, tab: MatchTab): string {
  return tab.key === matchTabs(viewerType)[0]!.key ? '/matching' : `/matching?tab=${tab.key}`;
}
