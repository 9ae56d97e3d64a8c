/**
 * What search engines and link previews read about a public profile: its address, title,
 * description, picture, Open Graph profile tags and schema.org `ProfilePage`; and the
 * site's sitemap.xml and robots.txt. Pure functions of the API's answers, so they are
 * unit-tested in Node and the pages only assemble them.
 */
import { SKILLS, EXPERTISE } from '@api/shared/profile-vocabulary';
import { profilePath } from '../members/paths';
import { absoluteUrl } from '../seo/canonical';
import { SITE_NAME } from '../seo/page-title';
import { truncateText } from '../text/truncate';
import { mediaUrl } from '../text/media-url';
import { profileName, profileTagline, safeLinks, type ProfileDetails } from './profile-view-model';

/** Meta descriptions past this length are cut by search engines anyway. */
export const DESCRIPTION_MAX = 160;

/** The page title before the site name: "Ada Lovelace · Analytical engines" (name alone without a tagline). */
export function profileTitle(profile: ProfileDetails): string {
  const tagline = profileTagline(profile);
  return tagline ? `${profileName(profile)} · ${tagline}` : profileName(profile);
}

/**
 * The whole <title>: "Ada Lovelace · Analytical engines | FounderMesh". A bar before the
 * site name, since taglines often hold a "·" of their own.
 */
export function profileDocumentTitle(profile: ProfileDetails): string {
  return `${profileTitle(profile)} | ${SITE_NAME}`;
}

/** All whitespace runs as single spaces: a description is one line. */
const oneLine = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * The meta description: the bio, else the tagline, cut at a word to DESCRIPTION_MAX; a
 * sentence naming the member when the profile has neither.
 */
export function profileDescription(profile: ProfileDetails): string {
  const text = oneLine(profile.bio) || oneLine(profileTagline(profile));
  if (!text) {
    const role = profile.memberType === 'founder' ? 'a founder' : 'an advisor';
    return `${profileName(profile)} is ${role} on FounderMesh.`;
  }
  return truncateText(text, DESCRIPTION_MAX - 1, '…');
}

/** The profile's picture for previews, as an absolute URL with its alt text: the banner, else the avatar. */
export function profileShareImage(profile: ProfileDetails, siteUrl: string, mediaBase: string): { url: string; alt: string; kind: 'banner' | 'avatar' } | null {
  const candidates = [
    { image: profile.profileBanner, kind: 'banner' as const },
    { image: profile.profilePicture, kind: 'avatar' as const },
  ];
  for (const { image, kind } of candidates) {
    const path = mediaUrl(image?.url, mediaBase);
    if (path) return { url: absoluteUrl(siteUrl, path), alt: image?.alt?.trim() || profileName(profile), kind };
  }
  return null;
}

/** First name and the rest, for `profile:first_name` / `profile:last_name`. */
export function nameParts(profile: ProfileDetails): { firstName: string; lastName: string } {
  if (profile.memberType === 'founder') return { firstName: profile.firstName.trim(), lastName: profile.lastName.trim() };
  const [firstName = '', ...rest] = profile.name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** The Open Graph `profile:*` properties (og:type is `profile`); empty values are left out. */
export function openGraphProfileTags(profile: ProfileDetails): Array<{ property: string; content: string }> {
  const { firstName, lastName } = nameParts(profile);
  return [
    { property: 'profile:first_name', content: firstName },
    { property: 'profile:last_name', content: lastName },
    { property: 'profile:username', content: profile.slug },
  ].filter((tag) => tag.content !== '');
}

/** The skills (founders) or expertise (advisors) in words, for `knowsAbout`. */
function knowsAbout(profile: ProfileDetails): string[] {
  return profile.memberType === 'founder' ? profile.skills.map((key) => SKILLS[key]) : profile.expertise.map((key) => EXPERTISE[key]);
}

/** 'Lagos, Lagos State, Nigeria' → locality 'Lagos', country 'Nigeria'. */
function postalAddress(label: string): Record<string, string> {
  const parts = label
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return {
    '@type': 'PostalAddress',
    addressLocality: parts[0] ?? label,
    ...(parts.length > 1 ? { addressCountry: parts[parts.length - 1]! } : {}),
  };
}

/**
 * The schema.org `ProfilePage` whose `mainEntity` is the member as a `Person`: name,
 * description, picture, job title (tagline or position), city, address, links (`sameAs`)
 * and skills (`knowsAbout`). Serialise it with serializeJsonLd (src/lib/seo/json-ld.ts).
 */
export function profileJsonLd(profile: ProfileDetails, options: { siteUrl: string; mediaBase: string }): Record<string, unknown> {
  const url = absoluteUrl(options.siteUrl, profilePath(profile.memberType, profile.slug));
  const tagline = profileTagline(profile);
  const avatar = mediaUrl(profile.profilePicture?.url, options.mediaBase);
  const links = safeLinks(profile.links).map((link) => link.url);
  const skills = knowsAbout(profile);
  const description = oneLine(profile.bio) || oneLine(tagline);
  const person: Record<string, unknown> = {
    '@type': 'Person',
    name: profileName(profile),
    url,
    identifier: profile.userId,
    ...(description ? { description: truncateText(description, 500, '…') } : {}),
    ...(avatar ? { image: absoluteUrl(options.siteUrl, avatar) } : {}),
    ...(tagline ? { jobTitle: tagline } : {}),
    ...(profile.city ? { address: postalAddress(profile.city.label) } : {}),
    ...(links.length > 0 ? { sameAs: links } : {}),
    ...(skills.length > 0 ? { knowsAbout: skills } : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url,
    name: profileTitle(profile),
    dateCreated: profile.joinedAt,
    dateModified: profile.updatedAt,
    mainEntity: person,
  };
}

/**
 * Paths crawlers should leave alone: endpoints, and screens only members or admins see
 * (they would only answer with the sign-in page). Public profiles (`/founder/<slug>`,
 * `/advisor/<slug>`), the public directory (`/founders`, `/advisors`) and topic pages
 * (`/tags/…`) stay open.
 */
const ROBOTS_DISALLOW = ['/api/', '/admin', '/settings', '/connections', '/onboarding', '/views', '/matching', '/feed', '/dev'] as const;

/** robots.txt: everything allowed but the paths above, and where the sitemap is. */
export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), '', `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`, ''].join('\n');
}
