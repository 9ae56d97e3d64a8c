import { describe, expect, it } from 'vitest';
import type { MatchCandidate } from '../matching/profiles';
import { matchScore, type MatchFounder, type MatchProfile } from '../matching/score';
import { GOOD_BONUS, outcomeAdjustment, pickShortlist, SHORTLIST_SIZE } from './pick';
import { matchFounder } from '../matching/test-match-profiles';

function founder(userId: string, profile: Partial<MatchFounder> = {}): { memberType: 'founder'; founder: MatchFounder } {
  return {
    memberType: 'founder',
    founder: matchFounder(userId, profile),
  };
}

const candidate = (profile: MatchProfile, joinedAt = '2026-01-01'): MatchCandidate => ({
  userId: profile.memberType === 'founder' ? profile.founder.userId : profile.advisor.userId,
  joinedAt,
  profile,
});
const ids = (picks: { userId: string }[]) => picks.map((pick) => pick.userId);
const none = new Map();

// A founder with no skills yet, in Lagos, full time, in fintech.
const LAGOS = { cityId: 1, city: 'Lagos, Nigeria' };
const viewer = founder('viewer', { commitment: 'full-time', industries: ['fintech'], ...LAGOS });

describe('pickShortlist', () => {
  it('keeps only candidates who fit both ways, ranked by the weaker side’s score', () => {
    // Brings every skill the viewer lacks, but the viewer brings nothing back and shares nothing else.
    const oneWay = founder('one-way', { skills: ['engineering', 'design', 'sales-marketing'] });
    const mutual = founder('mutual', { commitment: 'full-time', industries: ['fintech'], ...LAGOS });
    expect(matchScore(viewer, oneWay)?.score).toBeGreaterThan(0);
    expect(matchScore(oneWay, viewer)?.score ?? 0).toBe(0);

    const picks = pickShortlist(viewer, [candidate(oneWay), candidate(mutual)], none);
    expect(ids(picks)).toEqual(['mutual']);
    expect(picks[0]?.score).toBe(Math.min(matchScore(viewer, mutual)!.score, matchScore(mutual, viewer)!.score));
  });

  it('holds at most SHORTLIST_SIZE members, the best first', () => {
    const many = Array.from({ length: 9 }, (_, index) =>
      candidate(founder(`f${index}`, { commitment: index % 2 === 0 ? 'full-time' : null, industries: ['fintech'], ...LAGOS }), `2026-01-0${index + 1}`),
    );
    const picks = pickShortlist(viewer, many, none);
    expect(picks).toHaveLength(SHORTLIST_SIZE);
    // The full-time ones (even indexes) score more; among equals the newer member comes first.
    expect(ids(picks)).toEqual(['f8', 'f6', 'f4', 'f2', 'f0']);
  });

  it('moves a candidate whose matches mostly went well up, and one whose matches were mostly not a fit down', () => {
    const a = candidate(founder('a', { commitment: 'full-time', industries: ['fintech'], ...LAGOS }), '2026-01-03');
    const b = candidate(founder('b', { commitment: 'full-time', industries: ['fintech'], ...LAGOS }), '2026-01-02');
    const c = candidate(founder('c', { commitment: 'full-time', industries: ['fintech'], ...LAGOS }), '2026-01-01');
    expect(ids(pickShortlist(viewer, [a, b, c], none))).toEqual(['a', 'b', 'c']);
    const outcomes = new Map([
      ['a', { good: 0, notAFit: 3 }],
      ['c', { good: 2, notAFit: 1 }],
    ]);
    expect(ids(pickShortlist(viewer, [a, b, c], outcomes))).toEqual(['c', 'b', 'a']);
  });
});

describe('outcomeAdjustment', () => {
  it('needs two answers before it moves anyone', () => {
    expect(outcomeAdjustment({ good: 1, notAFit: 0 })).toBe(0);
    expect(outcomeAdjustment({ good: 0, notAFit: 1 })).toBe(0);
    expect(outcomeAdjustment({ good: 2, notAFit: 0 })).toBe(GOOD_BONUS);
    expect(outcomeAdjustment({ good: 1, notAFit: 1 })).toBe(0);
    expect(outcomeAdjustment({ good: 1, notAFit: 2 })).toBeLessThan(0);
  });
});
