import { describe, expect, it } from 'vitest';
import { richText } from '../text/rich-text';
import { directoryHref, parseDirectoryFilters, parseDirectoryPage, topicHref, withFacet } from './links';

describe('directory addresses', () => {
  it('have one address per filtered page: facets in a fixed order, page 1 without page', () => {
    expect(directoryHref('founder', { stage: 'idea', city: '2332459', skill: 'design' })).toBe('/founders?city=2332459&skill=design&stage=idea');
    expect(directoryHref('founder', {}, 1)).toBe('/founders');
    expect(directoryHref('advisor', { expertise: 'fundraising' }, 3)).toBe('/advisors?expertise=fundraising&page=3');
  });

  it('set or remove one facet and go back to page 1', () => {
    expect(withFacet('founder', { industry: 'fintech' }, 'skill', 'engineering')).toBe('/founders?industry=fintech&skill=engineering');
    expect(withFacet('founder', { industry: 'fintech', skill: 'data' }, 'industry', null)).toBe('/founders?skill=data');
  });

  it('read known facets with valid values and say when the address carries anything else', () => {
    expect(parseDirectoryFilters('founder', new URLSearchParams('city=2332459&skill=design&page=2&industry='))).toEqual({
      filters: { city: '2332459', skill: 'design' },
      unknown: false,
    });
    // An advisor-only facet on the founders, a value outside the vocabulary, a second value, an unknown key.
    for (const query of ['expertise=fundraising', 'skill=juggling', 'skill=design&skill=data', 'q=ada', 'city=0', 'city=lagos']) {
      expect(parseDirectoryFilters('founder', new URLSearchParams(query)).unknown, query).toBe(true);
    }
    expect(parseDirectoryFilters('founder', new URLSearchParams('skill=design&skill=data')).filters).toEqual({ skill: 'design' });
    expect(parseDirectoryFilters('advisor', new URLSearchParams('stage=idea')).filters).toEqual({});
    // Names of Object.prototype are not vocabulary.
    expect(parseDirectoryFilters('founder', new URLSearchParams('industry=constructor')).filters).toEqual({});
  });

  it('carry "verified only" as verified=true, last in the address, on both directories', () => {
    expect(withFacet('founder', { skill: 'design' }, 'verified', 'true')).toBe('/founders?skill=design&verified=true');
    expect(withFacet('advisor', { verified: 'true', expertise: 'legal' }, 'verified', null)).toBe('/advisors?expertise=legal');
    expect(parseDirectoryFilters('advisor', new URLSearchParams('verified=true'))).toEqual({ filters: { verified: 'true' }, unknown: false });
    // Only the search's own word: anything else is an unknown address (noindex, canonical without it).
    for (const query of ['verified=1', 'verified=yes', 'verified=false']) {
      expect(parseDirectoryFilters('founder', new URLSearchParams(query)), query).toEqual({ filters: {}, unknown: true });
    }
  });

  it('read a page from 1 to 1,000; anything else is not a page', () => {
    expect(parseDirectoryPage(null)).toBe(1);
    expect(parseDirectoryPage('7')).toBe(7);
    for (const value of ['0', '-1', '1.5', 'x', '1001', '01', '']) expect(parseDirectoryPage(value), value).toBeNull();
  });

  it('give topics an address under /tags', () => {
    expect(topicHref('climate')).toBe('/tags/climate');
    expect(topicHref('climate', 2)).toBe('/tags/climate?page=2');
  });

  it('lead hashtags of public text to their topic pages, and the members’ text to the feed', () => {
    const hashtag = (tokens: ReturnType<typeof richText>) => tokens.find((token) => token.type === 'hashtag');
    expect(hashtag(richText('Raising a #PreSeed round', { hashtagHref: topicHref }))).toMatchObject({ tag: 'preseed', href: '/tags/preseed' });
    expect(hashtag(richText('Raising a #PreSeed round'))).toMatchObject({ href: '/feed?hashtag=preseed' });
  });
});
