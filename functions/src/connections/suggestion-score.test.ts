import { describe, expect, it } from 'vitest';
import type { MatchFounder, MatchProfile } from '../matching/score';
import type { MemberCard } from '../members/schemas';
import { DEFAULT_SIGNALS, rankSuggestions, scoreCandidate, type Signal, type SuggestionCandidate } from './suggestion-score';
import { matchFounder } from '../matching/test-match-profiles';

const NOW = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const founderViewer = { userId: 'viewer', memberType: 'founder' as const };

function candidate(id: string, overrides: Partial<MemberCard> = {}, extra: Partial<Omit<SuggestionCandidate, 'member'>> = {}): SuggestionCandidate {
  const member: MemberCard = {
    _id: id,
    memberType: 'founder',
    name: id,
    tagline: null,
    slug: id,
    avatar: null,
    banner: null,
    profileId: `p-${id}`,
    premium: false,
    verified: null,
    ...overrides,
  };
  return { member, sharedConnections: 0, joinedAt: daysAgo(365), ...extra };
}

const rank = (candidates: SuggestionCandidate[], viewer = founderViewer, limit = 10) => rankSuggestions(candidates, viewer, { now: NOW, limit });
const order = (candidates: SuggestionCandidate[], viewer = founderViewer) => rank(candidates, viewer).map((suggestion) => suggestion.member._id);

describe('scoreCandidate', () => {
  it('says how many connections are shared, in the singular and the plural', () => {
    expect(scoreCandidate(candidate('a', {}, { sharedConnections: 1 }), founderViewer, NOW).reasons).toEqual(['1 shared connection']);
    expect(scoreCandidate(candidate('a', {}, { sharedConnections: 3 }), founderViewer, NOW).reasons).toEqual(['3 shared connections']);
  });

  it('names the complementary member type: advisors for founders, founders for advisors', () => {
    expect(scoreCandidate(candidate('a', { memberType: 'advisor' }), founderViewer, NOW).reasons).toEqual(['Could advise you']);
    expect(scoreCandidate(candidate('a'), { userId: 'v', memberType: 'advisor' }, NOW).reasons).toEqual(['A founder you could advise']);
    expect(scoreCandidate(candidate('a'), founderViewer, NOW)).toEqual({ member: expect.any(Object), reasons: [], score: 0 });
  });

  it('calls members of the last 30 days new, and lets newness fade out over 90', () => {
    const fresh = scoreCandidate(candidate('a', {}, { joinedAt: daysAgo(2) }), founderViewer, NOW);
    const month = scoreCandidate(candidate('a', {}, { joinedAt: daysAgo(60) }), founderViewer, NOW);
    const old = scoreCandidate(candidate('a', {}, { joinedAt: daysAgo(120) }), founderViewer, NOW);
    expect(fresh.reasons).toEqual(['New member']);
    expect(month.reasons).toEqual([]);
    expect(fresh.score).toBeGreaterThan(month.score);
    expect(month.score).toBeGreaterThan(0);
    expect(old.score).toBe(0);
  });

  it('adds points for a profile picture without a reason, and rounds to two decimals', () => {
    const scored = scoreCandidate(candidate('a', { avatar: 'avatars/a.webp' }, { joinedAt: daysAgo(1) }), founderViewer, NOW);
    expect(scored.reasons).toEqual(['New member']);
    expect(scored.score).toBe(Math.round(scored.score * 100) / 100);
    expect(scored.score).toBeGreaterThan(scoreCandidate(candidate('a', {}, { joinedAt: daysAgo(1) }), founderViewer, NOW).score);
  });

  it('takes extra signals, so later features can add their own', () => {
    const sameCity: Signal = ({ member }) => (member.tagline?.includes('Lagos') ? { points: 7, reason: 'Also in Lagos' } : null);
    const scored = scoreCandidate(candidate('a', { tagline: 'Building in Lagos' }), founderViewer, NOW, [...DEFAULT_SIGNALS, sameCity]);
    expect(scored).toMatchObject({ reasons: ['Also in Lagos'], score: 7 });
  });
});

describe('rankSuggestions', () => {
  it('ranks shared connections over every other signal together', () => {
    const oneShared = candidate('shared', {}, { sharedConnections: 1, joinedAt: daysAgo(400) });
    const everythingElse = candidate('else', { memberType: 'advisor', avatar: 'x.webp' }, { joinedAt: daysAgo(0) });
    expect(order([everythingElse, oneShared])).toEqual(['shared', 'else']);
  });

  it('then the complementary type, then a picture, then the newer member', () => {
    const advisor = candidate('advisor', { memberType: 'advisor' });
    const withPicture = candidate('picture', { avatar: 'x.webp' });
    const newer = candidate('newer', {}, { joinedAt: daysAgo(10) });
    const older = candidate('older', {}, { joinedAt: daysAgo(200) });
    const oldest = candidate('oldest', {}, { joinedAt: daysAgo(300) });
    expect(order([oldest, older, newer, withPicture, advisor])).toEqual(['advisor', 'picture', 'newer', 'older', 'oldest']);
  });

  it('ranks more shared connections higher', () => {
    expect(order([candidate('two', {}, { sharedConnections: 2 }), candidate('five', {}, { sharedConnections: 5 })])).toEqual(['five', 'two']);
  });

  it('leaves out the viewer, keeps each member once (with the most shared), and stops at the limit', () => {
    const suggestions = rank([candidate('viewer'), candidate('a'), candidate('a', {}, { sharedConnections: 2 }), candidate('b'), candidate('c')], founderViewer, 2);
    expect(suggestions.map((suggestion) => suggestion.member._id)).toEqual(['a', 'b']);
    expect(suggestions[0]!.reasons).toEqual(['2 shared connections']);
  });

  it('breaks ties by id, so the order is stable', () => {
    expect(order([candidate('b'), candidate('c'), candidate('a')])).toEqual(['a', 'b', 'c']);
  });
});

describe('the profile signal', () => {
  const founderProfile = (userId: string, profile: Partial<MatchFounder> = {}): MatchProfile => ({
    memberType: 'founder',
    founder: matchFounder(userId, profile),
  });
  const engineer = {
    ...founderViewer,
    profile: founderProfile('viewer', { technical: true, skills: ['engineering'], industries: ['fintech'], cityId: 1, city: 'Lagos, Nigeria' }),
  };

  it('weighs how well the profiles match, with the strongest reason capitalized', () => {
    const seller = candidate(
      'seller',
      {},
      { profile: founderProfile('seller', { technical: false, skills: ['sales-marketing'], industries: ['fintech'], cityId: 1, city: 'Lagos, Nigeria' }) },
    );
    const sameIndustry = candidate('same-industry', {}, { profile: founderProfile('same-industry', { technical: true, skills: ['engineering'], industries: ['fintech'] }) });
    const stranger = candidate('stranger', {}, { profile: founderProfile('stranger', { technical: true, skills: ['engineering'] }) });
    const suggestions = rank([stranger, sameIndustry, seller], engineer);
    expect(suggestions.map((suggestion) => suggestion.member._id)).toEqual(['seller', 'same-industry', 'stranger']);
    expect(suggestions[0]!.reasons).toEqual(['Complements your skills: sales and marketing']);
    expect(suggestions[1]!.reasons).toEqual(['Both in fintech']);
    expect(suggestions[2]).toMatchObject({ reasons: [], score: 0 });
  });

  it('says what an advisor could help a founder with', () => {
    const advisor = candidate(
      'advisor',
      { memberType: 'advisor' },
      {
        profile: {
          memberType: 'advisor',
          advisor: { userId: 'advisor', expertise: ['fundraising'], industries: [], helpTypes: [], engagements: [], helpStages: [], cityId: null, city: null, openToRemote: true },
        },
      },
    );
    expect(scoreCandidate(advisor, engineer, NOW).reasons).toEqual(['Could advise you', 'Can help with fundraising']);
  });

  it('adds nothing without both profiles, or when a must-have fails', () => {
    const seller = founderProfile('seller', { technical: false, skills: ['sales-marketing'] });
    expect(scoreCandidate(candidate('seller', {}, { profile: seller }), founderViewer, NOW)).toMatchObject({ reasons: [], score: 0 });
    expect(scoreCandidate(candidate('seller'), engineer, NOW)).toMatchObject({ reasons: [], score: 0 });
    const picky = { ...engineer, profile: founderProfile('viewer', { preferences: { commitment: { value: 'full-time', importance: 'must-have' } } }) };
    expect(scoreCandidate(candidate('seller', {}, { profile: seller }), picky, NOW)).toMatchObject({ reasons: [], score: 0 });
  });

  it('never outweighs one shared connection', () => {
    const perfect = candidate(
      'perfect',
      { memberType: 'advisor', avatar: 'x.webp' },
      {
        joinedAt: daysAgo(0),
        profile: {
          memberType: 'advisor',
          advisor: {
            userId: 'perfect',
            expertise: ['fundraising', 'sales', 'marketing', 'legal'],
            industries: ['fintech', 'ai'],
            helpTypes: ['investing'],
            engagements: [],
            helpStages: [],
            cityId: 1,
            city: 'Lagos, Nigeria',
            openToRemote: true,
          },
        },
      },
    );
    const shared = candidate('shared', {}, { sharedConnections: 1, joinedAt: daysAgo(400) });
    const viewer = { ...engineer, profile: founderProfile('viewer', { skills: ['engineering'], industries: ['fintech', 'ai'], ideaStage: 'revenue', cityId: 1 }) };
    expect(scoreCandidate(perfect, viewer, NOW).reasons).toContain('Can help with fundraising, sales, marketing');
    expect(rank([perfect, shared], viewer).map((suggestion) => suggestion.member._id)).toEqual(['shared', 'perfect']);
  });
});
