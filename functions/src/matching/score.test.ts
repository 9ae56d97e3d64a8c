import { describe, expect, it } from 'vitest';
import { advisorMatch, cofounderMatch, founderForAdvisor, type MatchAdvisor, type MatchFounder, rankMatches } from './score';
import { matchFounder } from './test-match-profiles';

const LAGOS = { cityId: 2332459, city: 'Lagos, Nigeria' };
const NAIROBI = { cityId: 184745, city: 'Nairobi, Kenya' };

const founder = matchFounder;

function advisor(userId: string, profile: Partial<MatchAdvisor> = {}): MatchAdvisor {
  return { userId, expertise: [], industries: [], helpTypes: [], engagements: [], helpStages: [], cityId: null, city: null, openToRemote: true, ...profile };
}

/** The candidates' ids, best match first (ties: newer first, all joined the same day here). */
function ranking<T extends { userId: string }>(score: (candidate: T) => ReturnType<typeof cofounderMatch>, candidates: T[]): string[] {
  return rankMatches(candidates.map((candidate) => ({ candidate: { ...candidate, joinedAt: '2026-01-01' }, result: score(candidate) }))).map((item) => item.candidate.userId);
}

// A technical founder in Lagos with a fintech prototype, full time.
const ada = founder('ada', { technical: true, skills: ['engineering', 'data'], commitment: 'full-time', ideaStage: 'prototype', industries: ['fintech', 'ai'], ...LAGOS });

describe('cofounderMatch', () => {
  it('ranks a non-technical full-time fintech founder in the same city first, and says why', () => {
    const bola = founder('bola', { technical: false, skills: ['sales-marketing', 'operations'], commitment: 'full-time', ideaStage: 'no-idea', industries: ['fintech'], ...LAGOS });
    const chidi = founder('chidi', { technical: false, skills: ['design'], commitment: 'part-time', industries: ['edtech'], ...NAIROBI });
    const dayo = founder('dayo', { technical: true, skills: ['engineering'], commitment: 'full-time', industries: ['fintech'], ...LAGOS });
    expect(ranking((c) => cofounderMatch(ada, c), [dayo, chidi, bola])).toEqual(['bola', 'dayo', 'chidi']);
    expect(cofounderMatch(ada, bola)).toEqual({
      score: 75,
      reasons: ['complements your skills: sales and marketing, operations', 'both full time', 'both based in Lagos', 'both in fintech', 'open to joining your idea'],
    });
    // Two engineers share a city and an industry, but neither completes the other.
    expect(cofounderMatch(ada, dayo)!.reasons).toEqual(['both full time', 'both based in Lagos', 'both in fintech']);
  });

  it('weighs complementary skills most: technical with non-technical beats a shared industry', () => {
    const sameIndustry = founder('same-industry', { technical: true, skills: ['engineering'], industries: ['fintech', 'ai'] });
    const complementary = founder('complementary', { technical: false, skills: ['product'] });
    expect(ranking((c) => cofounderMatch(ada, c), [sameIndustry, complementary])).toEqual(['complementary', 'same-industry']);
    expect(cofounderMatch(ada, sameIndustry)!.reasons).toEqual(['both in fintech', 'both in AI and machine learning']);
  });

  it("filters out candidates who miss the viewer's must-haves", () => {
    const picky = {
      ...ada,
      preferences: { commitment: { value: 'full-time', importance: 'must-have' }, technical: { value: 'non-technical', importance: 'must-have' } },
    } as MatchFounder;
    const partTime = founder('part-time', { technical: false, commitment: 'part-time' });
    const unknownCommitment = founder('unknown', { technical: false });
    const fits = founder('fits', { technical: false, commitment: 'full-time' });
    expect(cofounderMatch(picky, partTime)).toBeNull();
    expect(cofounderMatch(picky, unknownCommitment)).toBeNull();
    expect(ranking((c) => cofounderMatch(picky, c), [partTime, unknownCommitment, fits])).toEqual(['fits']);
  });

  it('filters out candidates whose own must-haves the viewer misses (either side decides)', () => {
    const wantsSameCity = founder('wants-nairobi', { technical: false, ...NAIROBI, preferences: { location: { value: 'same-city', importance: 'must-have' } } });
    const wantsRemote = founder('remote-ok', { technical: false, ...NAIROBI, openToRemote: true, preferences: { location: { value: 'remote-ok', importance: 'must-have' } } });
    expect(cofounderMatch(ada, wantsSameCity)).toBeNull();
    expect(cofounderMatch(ada, wantsRemote)).toBeNull();
    const remoteAda = { ...ada, openToRemote: true };
    expect(cofounderMatch(remoteAda, wantsRemote)).toMatchObject({ reasons: expect.arrayContaining(['both open to remote work', 'you fit what they look for']) });
  });

  it('lets nice-to-haves weigh without filtering', () => {
    const wantsDesign = {
      ...ada,
      technical: null,
      preferences: { skills: { value: ['design'], importance: 'nice-to-have' }, ideaStage: { value: ['idea', 'prototype'], importance: 'nice-to-have' } },
    } as MatchFounder;
    const designerWithIdea = founder('designer', { skills: ['design'], ideaStage: 'idea' });
    const designer = founder('designer-no-idea', { skills: ['design'], ideaStage: 'launched' });
    const neither = founder('neither', { skills: ['legal'], ideaStage: 'launched' });
    expect(ranking((c) => cofounderMatch(wantsDesign, c), [neither, designer, designerWithIdea])).toEqual(['designer', 'designer-no-idea', 'neither']);
    expect(cofounderMatch(wantsDesign, neither)).not.toBeNull();
  });

  it('prefers the same commitment, full time over part time, and the same city over remote', () => {
    const base: Partial<MatchFounder> = { technical: false, skills: ['product'] };
    const fullTime = founder('full-time', { ...base, commitment: 'full-time' });
    const partTime = founder('part-time', { ...base, commitment: 'part-time' });
    expect(ranking((c) => cofounderMatch(ada, c), [partTime, fullTime])).toEqual(['full-time', 'part-time']);
    const partTimer = { ...ada, commitment: 'part-time' as const };
    expect(cofounderMatch(partTimer, partTime)!.reasons).toContain('both part time');

    const remoteAda = { ...ada, openToRemote: true };
    const local = founder('local', { ...base, ...LAGOS });
    const remote = founder('remote', { ...base, ...NAIROBI, openToRemote: true });
    const far = founder('far', { ...base, ...NAIROBI });
    expect(ranking((c) => cofounderMatch(remoteAda, c), [far, remote, local])).toEqual(['local', 'remote', 'far']);
  });

  it('says what a founder without an idea finds in one with an idea', () => {
    const explorer = founder('explorer', { ideaStage: 'no-idea', technical: false });
    expect(cofounderMatch(explorer, ada)!.reasons).toEqual(['complements your skills: engineering, data and AI', 'has a prototype']);
  });

  it('never matches a founder with themselves, and finds nothing to say about two empty profiles', () => {
    expect(cofounderMatch(ada, ada)).toBeNull();
    expect(cofounderMatch(founder('x'), founder('y'))).toEqual({ score: 0, reasons: [] });
    expect(ranking((c) => cofounderMatch(founder('x'), c), [founder('y')])).toEqual([]);
  });
});

describe('advisorMatch and founderForAdvisor', () => {
  it("ranks advisors by the founder's gaps first, then shared industries", () => {
    const gtm = advisor('gtm', { expertise: ['go-to-market', 'sales', 'engineering'], industries: ['edtech'] });
    const engineer = advisor('engineer', { expertise: ['engineering'], industries: ['fintech', 'ai'] });
    const investor = advisor('investor', { expertise: ['fundraising'], industries: ['fintech'], helpTypes: ['investing'], ...LAGOS });
    expect(ranking((a) => advisorMatch(ada, a), [engineer, gtm, investor])).toEqual(['investor', 'gtm', 'engineer']);
    expect(advisorMatch(ada, investor)).toEqual({ score: 45, reasons: ['can help with fundraising', 'knows fintech', 'both based in Lagos', 'also invests'] });
    expect(advisorMatch(ada, gtm)!.reasons).toEqual(['can help with go-to-market, sales']);
    expect(advisorMatch(ada, engineer)!.reasons).toEqual(['knows fintech', 'knows AI and machine learning']);
  });

  it("words the same fit from the advisor's side", () => {
    const investor = advisor('investor', { expertise: ['fundraising', 'pricing'], industries: ['fintech'], helpTypes: ['investing'], openToRemote: true });
    expect(founderForAdvisor(investor, { ...ada, openToRemote: true })!.reasons).toEqual([
      'could use your help with fundraising, pricing',
      'building in fintech',
      'both open to remote work',
      'has a prototype',
    ]);
  });
});
