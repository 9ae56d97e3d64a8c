import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from '../seo/json-ld';
import { advisorDetails, founderDetails } from './profile-view-fixtures';
import { DESCRIPTION_MAX, nameParts, openGraphProfileTags, profileDescription, profileDocumentTitle, profileJsonLd, profileShareImage, profileTitle, robotsTxt } from './seo';

const SITE = 'https://fm.example';

describe('profile title', () => {
  it('titles the page with the name and the tagline, or the name alone', () => {
    expect(profileTitle(founderDetails())).toBe('Ada Lovelace · Building analytical engines');
    expect(profileTitle(advisorDetails({ position: null }))).toBe('Helen Park');
  });

  it('ends the document title with a bar and the site name', () => {
    expect(profileDocumentTitle(founderDetails({ tagline: 'Loop · ex-Stripe' }))).toBe('Ada Lovelace · Loop · ex-Stripe | FounderMesh');
  });
});

describe('profileDescription', () => {
  it('uses the bio on one line when it is short', () => {
    expect(profileDescription(founderDetails())).toBe('I write programs. For engines that do not exist yet.');
  });

  it('cuts a long bio at a word and marks the cut', () => {
    const description = profileDescription(founderDetails({ bio: 'word '.repeat(100) }));
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(description).toMatch(/word…$/);
  });

  it('falls back to the tagline, then to a sentence naming the member', () => {
    expect(profileDescription(advisorDetails({ bio: '  ' }))).toBe('Former VP Product');
    expect(profileDescription(advisorDetails({ bio: null, position: null }))).toBe('Helen Park is an advisor on FounderMesh.');
    expect(profileDescription(founderDetails({ bio: null, tagline: null }))).toBe('Ada Lovelace is a founder on FounderMesh.');
  });
});

describe('profileShareImage', () => {
  it('prefers the banner, as an absolute URL with a fallback alt text', () => {
    expect(profileShareImage(advisorDetails(), SITE, '/media/')).toEqual({
      url: 'https://fm.example/media/banners/helen.png',
      alt: 'Helen Park',
      kind: 'banner',
    });
  });

  it('uses the avatar when there is no banner, and keeps an absolute media base', () => {
    expect(profileShareImage(founderDetails(), SITE, 'https://cdn.example/')).toEqual({
      url: 'https://cdn.example/avatars/ada.webp',
      alt: 'Ada smiling',
      kind: 'avatar',
    });
  });

  it('is null for a profile without pictures', () => {
    expect(profileShareImage(founderDetails({ profilePicture: null }), SITE, '/media/')).toBeNull();
  });
});

describe('Open Graph profile tags', () => {
  it('gives a founder’s first and last names and the slug', () => {
    expect(openGraphProfileTags(founderDetails())).toEqual([
      { property: 'profile:first_name', content: 'Ada' },
      { property: 'profile:last_name', content: 'Lovelace' },
      { property: 'profile:username', content: 'ada-lovelace' },
    ]);
  });

  it('splits an advisor’s name at the first space, and leaves an empty last name out', () => {
    expect(nameParts(advisorDetails({ name: 'Mary  Ann Evans' }))).toEqual({ firstName: 'Mary', lastName: 'Ann Evans' });
    expect(openGraphProfileTags(advisorDetails({ name: 'Cher' })).map((tag) => tag.property)).toEqual(['profile:first_name', 'profile:username']);
  });
});

describe('profileJsonLd', () => {
  it('describes a ProfilePage whose main entity is the founder as a Person', () => {
    const data = profileJsonLd(
      founderDetails({
        links: [
          { label: 'Site', url: 'https://ada.example/' },
          { label: 'x', url: 'javascript:1' },
        ],
      }),
      {
        siteUrl: SITE,
        mediaBase: '/media/',
      },
    );
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: 'https://fm.example/founder/ada-lovelace',
      name: 'Ada Lovelace · Building analytical engines',
      dateCreated: '2026-03-04T10:00:00.000Z',
      dateModified: '2026-03-05T10:00:00.000Z',
      mainEntity: {
        '@type': 'Person',
        name: 'Ada Lovelace',
        url: 'https://fm.example/founder/ada-lovelace',
        identifier: 'u00000000000000000000001',
        description: 'I write programs. For engines that do not exist yet.',
        image: 'https://fm.example/media/avatars/ada.webp',
        jobTitle: 'Building analytical engines',
        address: { '@type': 'PostalAddress', addressLocality: 'London', addressCountry: 'United Kingdom' },
        sameAs: ['https://ada.example/'],
        knowsAbout: ['Engineering', 'Product'],
      },
    });
  });

  it('leaves out what an advisor’s profile does not have, and lists expertise as knowsAbout', () => {
    const person = profileJsonLd(advisorDetails({ position: null }), { siteUrl: SITE, mediaBase: '/media/' }).mainEntity as Record<string, unknown>;
    expect(person).not.toHaveProperty('image');
    expect(person).not.toHaveProperty('jobTitle');
    expect(person).not.toHaveProperty('address');
    expect(person).not.toHaveProperty('sameAs');
    expect(person).not.toHaveProperty('description');
    expect(person.knowsAbout).toEqual(['Pricing', 'Go-to-market']);
  });

  it('survives hostile text once serialised for the page', () => {
    const data = profileJsonLd(founderDetails({ bio: '</script><script>alert(1)</script>' }), { siteUrl: SITE, mediaBase: '/media/' });
    const serialised = serializeJsonLd(data);
    expect(serialised).not.toMatch(/<\/script/i);
    expect(JSON.parse(serialised)).toEqual(data);
  });
});

describe('robotsTxt', () => {
  const robots = robotsTxt(SITE);

  it('allows everything but endpoints and member-only or admin screens, and points to the sitemap', () => {
    expect(robots.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
    for (const path of ['/api/', '/admin', '/settings', '/connections', '/onboarding', '/views', '/matching', '/dev']) {
      expect(robots).toContain(`\nDisallow: ${path}\n`);
    }
    expect(robots).toContain('\nSitemap: https://fm.example/sitemap.xml\n');
  });

  it('never disallows a public profile, the public directory or a topic (robots rules are path prefixes)', () => {
    const prefixes = [...robots.matchAll(/^Disallow: (.+)$/gm)].map((match) => match[1]!);
    for (const path of ['/founder/ada-lovelace', '/advisor/helen-park', '/', '/founders?industry=fintech', '/advisors', '/tags/climate']) {
      expect(prefixes.filter((prefix) => path.startsWith(prefix))).toEqual([]);
    }
  });
});
