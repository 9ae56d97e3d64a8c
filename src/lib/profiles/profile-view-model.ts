/**
 * How a public profile reads on its page: the derived display profile of docs/product.md#display-profile (name,
 * tagline, avatar, banner) plus the profile's facts, chips, paragraphs, safe links and
 * co-founder preferences in words. Pure: the page and the SEO helpers share it.
 */
import type { AdvisorDetails, CofounderPreferences, FounderDetails, ProfileDetails } from '@api/profiles/schemas';
import {
  COMMITMENTS,
  ENGAGEMENTS,
  EQUITY_EXPECTATIONS,
  EXPERTISE,
  FULL_TIME_TIMING,
  HELP_STAGES,
  HELP_TYPES,
  IDEA_STAGES,
  IMPORTANCE,
  INDUSTRIES,
  RESPONSIBILITIES,
  SKILLS,
} from '@api/shared/profile-vocabulary';
import { badgeLabels } from '@api/shared/verification-messages';
import { nameInitials } from '../members/display';
import { mediaUrl } from '../text/media-url';

export type { AdvisorDetails, FounderDetails, ProfileDetails };

/** The member's display name: a founder's first and last name, an advisor's name. */
export function profileName(profile: ProfileDetails): string {
  const name = profile.memberType === 'founder' ? `${profile.firstName} ${profile.lastName}` : profile.name;
  return name.replace(/\s+/g, ' ').trim() || 'FounderMesh member';
}

/** The tagline of the display profile: a founder's tagline, an advisor's position (docs/product.md#display-profile). */
export function profileTagline(profile: ProfileDetails): string | null {
  const tagline = profile.memberType === 'founder' ? profile.tagline : profile.position;
  return tagline?.trim() || null;
}

/** A link a member gave, as the page shows it. */
export interface SafeLink {
  label: string;
  url: string;
  /** The host without `www.`, shown beside the label. */
  host: string;
}

/**
 * The links that are web addresses (http or https, parsed by URL), in order; anything else
 * (`javascript:`, `data:`, garbage) is dropped, so no link on the page can run code.
 */
export function safeLinks(links: ReadonlyArray<{ label: string; url: string }>): SafeLink[] {
  const safe: SafeLink[] = [];
  for (const link of links) {
    let url: URL;
    try {
      url = new URL(link.url.trim());
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    const host = url.hostname.replace(/^www\./, '');
    safe.push({ label: link.label.trim() || host, url: url.href, host });
  }
  return safe;
}

/** Text split into paragraphs at blank lines; lines inside a paragraph keep their breaks. */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

const joinedFormat = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Joined March 2026"; '' when the date cannot be read. */
export function joinedLabel(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : `Joined ${joinedFormat.format(time)}`;
}

/** "A, B or C" (or "A, B and C"). */
export function listInWords(items: readonly string[], conjunction: 'or' | 'and' = 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** One co-founder preference: "Must have" and what. */
export interface PreferenceLine {
  importance: 'must-have' | 'nice-to-have';
  importanceLabel: string;
  text: string;
}

type Criterion = keyof CofounderPreferences;

/** Each criterion in words, in the order the page lists them. */
const PREFERENCE_TEXT: { [K in Criterion]-?: (value: NonNullable<CofounderPreferences[K]>) => string } = {
  technical: ({ value }) => (value === 'technical' ? 'technical co-founder' : 'non-technical co-founder'),
  skills: ({ value }) => `skills in ${listInWords(value.map((key) => SKILLS[key]))}`,
  commitment: ({ value }) => `${COMMITMENTS[value].toLowerCase()} commitment`,
  location: ({ value }) => (value === 'same-city' ? 'based in the same city' : 'same city or open to remote work'),
  industries: () => 'an industry in common',
  ideaStage: ({ value }) => `idea stage: ${listInWords(value.map((key) => IDEA_STAGES[key]))}`,
};

/**
 * What the founder looks for, in words: must-haves first, then nice-to-haves, each as
 * "Must have: technical co-founder". "Don't care" criteria say nothing and are left out.
 */
export function preferenceLines(preferences: CofounderPreferences): PreferenceLine[] {
  const lines: PreferenceLine[] = [];
  for (const importance of ['must-have', 'nice-to-have'] as const) {
    for (const criterion of Object.keys(PREFERENCE_TEXT) as Criterion[]) {
      const preference = preferences[criterion];
      if (!preference || preference.importance !== importance) continue;
      const text = (PREFERENCE_TEXT[criterion] as (value: typeof preference) => string)(preference);
      lines.push({ importance, importanceLabel: IMPORTANCE[importance], text });
    }
  }
  return lines;
}

/** A labelled fact of the profile ("Commitment: Full time"). */
export interface ProfileFact {
  label: string;
  value: string;
}

/** A titled list of chips ("Skills": Engineering, Design). */
export interface ChipGroup {
  title: string;
  items: string[];
}

/**
 * The compact section of the deeper profile fields: "What they're looking for" for a
 * founder (startup, what is built, roles, equity, timing, hours), "How I engage" for an
 * advisor. Null when the member filled in none of them.
 */
export interface ProfileDepth {
  title: string;
  /** The startup's name, and its website when it is an https address. */
  startup: { name: string | null; website: SafeLink | null } | null;
  builtSoFar: string | null;
  facts: ProfileFact[];
}

/** A picture of the profile with its address under the media base and its alt text. */
export interface ProfileImage {
  url: string;
  alt: string;
}

/** Everything the profile page shows, in display form. */
export interface ProfileModel {
  memberType: ProfileDetails['memberType'];
  typeLabel: string;
  /** Whether the member is Premium: the hero shows the badge. */
  premium: boolean;
  /** The verified badge's words ("Verified: works at acme.example", "LinkedIn linked"); empty when none. */
  verified: string[];
  userId: string;
  slug: string;
  name: string;
  tagline: string | null;
  initials: string;
  avatar: ProfileImage | null;
  banner: ProfileImage | null;
  city: string | null;
  openToRemote: boolean;
  joined: string;
  facts: ProfileFact[];
  chips: ChipGroup[];
  bio: string[];
  /** Advisors' experience, in paragraphs (empty for founders). */
  experience: string[];
  links: SafeLink[];
  /** Founders looking for a co-founder (their preferences follow). */
  lookingForCofounder: boolean;
  preferences: PreferenceLine[];
  depth: ProfileDepth | null;
}

function image(ref: { url: string; alt: string | null } | null, mediaBase: string, fallbackAlt: string): ProfileImage | null {
  const url = mediaUrl(ref?.url, mediaBase);
  return url ? { url, alt: ref?.alt?.trim() || fallbackAlt } : null;
}

const labels = <K extends string>(keys: readonly K[], vocabulary: Record<K, string>) => keys.map((key) => vocabulary[key]).filter(Boolean);

/** The founder's deeper fields in words; null when none is filled in. */
export function founderDepth(profile: FounderDetails): ProfileDepth | null {
  const website = profile.startupWebsite ? (safeLinks([{ label: '', url: profile.startupWebsite }]).find((link) => link.url.startsWith('https:')) ?? null) : null;
  const name = profile.startupName?.trim() || null;
  const facts: ProfileFact[] = [];
  if (profile.takesRoles.length > 0) facts.push({ label: 'Takes on', value: listInWords(labels(profile.takesRoles, RESPONSIBILITIES), 'and') });
  if (profile.wantsRoles.length > 0) facts.push({ label: 'Wants a co-founder for', value: listInWords(labels(profile.wantsRoles, RESPONSIBILITIES), 'and') });
  if (profile.equity) facts.push({ label: 'Equity', value: EQUITY_EXPECTATIONS[profile.equity] });
  if (profile.fullTime) facts.push({ label: 'Full time', value: FULL_TIME_TIMING[profile.fullTime] });
  if (profile.hoursPerWeek !== null) facts.push({ label: 'Hours a week now', value: String(profile.hoursPerWeek) });
  const builtSoFar = profile.builtSoFar?.trim() || null;
  if (!name && !website && !builtSoFar && facts.length === 0) return null;
  return { title: "What they're looking for", startup: name || website ? { name, website } : null, builtSoFar, facts };
}

/** The advisor's ways of engaging and stages in words; null when none is filled in. */
export function advisorDepth(profile: AdvisorDetails): ProfileDepth | null {
  const facts: ProfileFact[] = [];
  if (profile.engagements.length > 0) facts.push({ label: 'Engages', value: listInWords(labels(profile.engagements, ENGAGEMENTS), 'and') });
  if (profile.helpStages.length > 0) facts.push({ label: 'Helps most at', value: listInWords(labels(profile.helpStages, HELP_STAGES), 'and') });
  return facts.length > 0 ? { title: 'How I engage', startup: null, builtSoFar: null, facts } : null;
}

function founderParts(profile: FounderDetails): Pick<ProfileModel, 'facts' | 'chips' | 'lookingForCofounder' | 'preferences' | 'depth'> {
  const facts: ProfileFact[] = [];
  if (profile.technical !== null) facts.push({ label: 'Background', value: profile.technical ? 'Technical' : 'Non-technical' });
  if (profile.commitment) facts.push({ label: 'Commitment', value: COMMITMENTS[profile.commitment] });
  if (profile.ideaStage) facts.push({ label: 'Idea stage', value: IDEA_STAGES[profile.ideaStage] });
  return {
    facts,
    chips: [
      { title: 'Skills', items: labels(profile.skills, SKILLS) },
      { title: 'Industries', items: labels(profile.industries, INDUSTRIES) },
      { title: 'Interests', items: profile.interests.map((interest) => interest.trim()).filter(Boolean) },
    ].filter((group) => group.items.length > 0),
    lookingForCofounder: profile.lookingForCofounder,
    preferences: profile.lookingForCofounder ? preferenceLines(profile.cofounderPreferences) : [],
    depth: founderDepth(profile),
  };
}

function advisorParts(profile: AdvisorDetails): Pick<ProfileModel, 'facts' | 'chips' | 'experience' | 'depth'> {
  const facts: ProfileFact[] = [];
  if (profile.helpTypes.length > 0) facts.push({ label: 'Helps by', value: listInWords(labels(profile.helpTypes, HELP_TYPES), 'and') });
  if (profile.yearsExperience !== null) {
    facts.push({ label: 'Experience', value: `${profile.yearsExperience} ${profile.yearsExperience === 1 ? 'year' : 'years'}` });
  }
  return {
    facts,
    chips: [
      { title: 'Expertise', items: labels(profile.expertise, EXPERTISE) },
      { title: 'Industries', items: labels(profile.industries, INDUSTRIES) },
    ].filter((group) => group.items.length > 0),
    experience: paragraphs(profile.experience),
    depth: advisorDepth(profile),
  };
}

/** The page's model of `profile`; pictures resolve under `mediaBase` (MEDIA_BASE_URL). */
export function profileModel(profile: ProfileDetails, mediaBase: string): ProfileModel {
  const name = profileName(profile);
  const base: ProfileModel = {
    memberType: profile.memberType,
    typeLabel: profile.memberType === 'founder' ? 'Founder' : 'Advisor',
    premium: profile.premium,
    verified: badgeLabels(profile.verified),
    userId: profile.userId,
    slug: profile.slug,
    name,
    tagline: profileTagline(profile),
    initials: nameInitials(name),
    avatar: image(profile.profilePicture, mediaBase, `${name}'s profile picture`),
    banner: image(profile.profileBanner, mediaBase, `${name}'s profile banner`),
    city: profile.city?.label ?? null,
    openToRemote: profile.openToRemote,
    joined: joinedLabel(profile.joinedAt),
    facts: [],
    chips: [],
    bio: paragraphs(profile.bio),
    experience: [],
    links: safeLinks(profile.links),
    lookingForCofounder: false,
    preferences: [],
    depth: null,
  };
  return profile.memberType === 'founder' ? { ...base, ...founderParts(profile) } : { ...base, ...advisorParts(profile) };
}
