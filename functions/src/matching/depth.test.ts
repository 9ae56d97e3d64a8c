import { describe, expect, it } from 'vitest';
import { advisorMatch, cofounderMatch, founderForAdvisor, type MatchAdvisor } from './score';
import { equityCompatible } from './depth';
import { matchFounder } from './test-match-profiles';

const founder = matchFounder;

const advisor = (userId: string, profile: Partial<MatchAdvisor> = {}): MatchAdvisor => ({
  userId,
  expertise: [],
  industries: [],
  helpTypes: [],
  engagements: [],
  helpStages: [],
  cityId: null,
  city: null,
  openToRemote: false,
  ...profile,
});

// Builds and wants someone to sell; the other sells and wants someone to build.
const builder = founder('builder', { takesRoles: ['engineering'], wantsRoles: ['sales-marketing'] });
const seller = founder('seller', { takesRoles: ['sales-marketing'], wantsRoles: ['engineering'] });

describe('complementary responsibilities', () => {
  it('give the strongest reason when each takes what the other wants, worded from each side', () => {
    expect(cofounderMatch(builder, seller)).toEqual({ score: 25, reasons: ['complementary roles: you build, they sell'] });
    expect(cofounderMatch(seller, builder)).toEqual({ score: 25, reasons: ['complementary roles: you sell, they build'] });
  });

  it('count less when only the candidate covers what the viewer wants', () => {
    const anotherSeller = founder('another', { takesRoles: ['sales-marketing', 'fundraising'] });
    expect(cofounderMatch(builder, anotherSeller)).toEqual({ score: 12, reasons: ['wants to sell, as you hoped'] });
  });

  it('add nothing when both take the same role', () => {
    const otherBuilder = founder('other', { takesRoles: ['engineering'], wantsRoles: ['sales-marketing'] });
    expect(cofounderMatch(builder, otherBuilder)).toEqual({ score: 0, reasons: [] });
  });

  it('rank a complementary founder above one who only shares the timing', () => {
    const sameTiming = founder('timing', { fullTime: 'now' });
    const viewer = { ...builder, fullTime: 'now' as const };
    expect(cofounderMatch(viewer, seller)!.score).toBeGreaterThan(cofounderMatch(viewer, sameTiming)!.score);
  });
});

describe('full-time timing', () => {
  it('is compatible when the same or one step apart, and says so', () => {
    expect(cofounderMatch(founder('a', { fullTime: 'now' }), founder('b', { fullTime: 'now' }))).toEqual({ score: 10, reasons: ['both can go full time now'] });
    expect(cofounderMatch(founder('a', { fullTime: 'now' }), founder('b', { fullTime: '3-months' }))).toEqual({ score: 5, reasons: ['close full-time timing'] });
    expect(cofounderMatch(founder('a', { fullTime: 'now' }), founder('b', { fullTime: 'later' }))).toEqual({ score: 0, reasons: [] });
    expect(cofounderMatch(founder('a', { fullTime: 'now' }), founder('b'))).toEqual({ score: 0, reasons: [] });
  });
});

describe('equity expectations', () => {
  it('meet when open, both equal, or a majority meets its mirror', () => {
    expect(equityCompatible('open', 'majority-me')).toBe(true);
    expect(equityCompatible('equal', 'equal')).toBe(true);
    expect(equityCompatible('majority-me', 'majority-cofounder')).toBe(true);
    expect(equityCompatible('majority-me', 'majority-me')).toBe(false);
    expect(equityCompatible('equal', 'majority-me')).toBe(false);
  });

  it('add a reason only when compatible', () => {
    expect(cofounderMatch(founder('a', { equity: 'equal' }), founder('b', { equity: 'equal' }))).toEqual({ score: 5, reasons: ['compatible equity expectations'] });
    expect(cofounderMatch(founder('a', { equity: 'equal' }), founder('b', { equity: 'majority-me' }))).toEqual({ score: 0, reasons: [] });
  });
});

describe('the stages an advisor helps most', () => {
  it("weigh an advisor who helps at the founder's stage, from both sides", () => {
    const atPrototype = founder('f', { ideaStage: 'prototype' });
    expect(advisorMatch(atPrototype, advisor('a', { helpStages: ['prototype', 'launched'] }))).toEqual({ score: 10, reasons: ['helps most at your stage'] });
    expect(founderForAdvisor(advisor('a', { helpStages: ['prototype'] }), atPrototype)).toEqual({ score: 10, reasons: ['at a stage you help most'] });
    expect(advisorMatch(atPrototype, advisor('a', { helpStages: ['revenue'] }))).toEqual({ score: 0, reasons: [] });
    expect(advisorMatch(founder('f', { ideaStage: 'no-idea' }), advisor('a', { helpStages: ['idea'] }))).toEqual({ score: 0, reasons: [] });
  });
});
