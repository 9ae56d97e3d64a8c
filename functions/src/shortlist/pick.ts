/**
 * Picking a weekly shortlist, pure (docs/decisions.md "Weekly shortlist: fit both ways and how
 * matches went"): each candidate is scored from both sides with the matching scorer
 * (matching/score.ts) and counts by the lower of the two, so both would want the other; a
 * candidate whose past matches mostly went well, as the other members said, gains a little,
 * one whose matches mostly were "not a fit" loses more. The best SHORTLIST_SIZE go out.
 */
import { matchScore, type MatchProfile } from '../matching/score';
import type { MatchCandidate } from '../matching/profiles';

/** Members a shortlist holds at most. */
export const SHORTLIST_SIZE = 5;
/** Answers about a candidate's matches before they move the ranking. */
export const OUTCOMES_NEEDED = 2;
export const GOOD_BONUS = 5;
export const NOT_A_FIT_PENALTY = 10;

/** How a candidate's past matches went, as their matches answered. */
export type Outcomes = { good: number; notAFit: number };

/** A pick: the candidate, the mutual score (0–100) and the reasons from the viewer's side. */
export type ShortlistPick = { userId: string; score: number; reasons: string[] };

/** The ranking adjustment of a candidate's past outcomes (0 below OUTCOMES_NEEDED answers). */
export function outcomeAdjustment({ good, notAFit }: Outcomes): number {
  if (good + notAFit < OUTCOMES_NEEDED) return 0;
  if (good > notAFit) return GOOD_BONUS;
  if (notAFit > good) return -NOT_A_FIT_PENALTY;
  return 0;
}

/**
 * The shortlist of `viewer` among `candidates` (already new, active and unanswered): those who
 * fit both ways, best first by the lower side's score plus their outcome adjustment, then by
 * the viewer's score, the newer member, the id.
 */
export function pickShortlist(viewer: MatchProfile, candidates: readonly MatchCandidate[], outcomes: ReadonlyMap<string, Outcomes>, size = SHORTLIST_SIZE): ShortlistPick[] {
  const ranked = candidates.flatMap((candidate) => {
    const mine = matchScore(viewer, candidate.profile);
    const theirs = matchScore(candidate.profile, viewer);
    if (!mine || !theirs || mine.score <= 0 || theirs.score <= 0) return [];
    const mutual = Math.min(mine.score, theirs.score);
    const rank = mutual + outcomeAdjustment(outcomes.get(candidate.userId) ?? { good: 0, notAFit: 0 });
    return [{ candidate, mine, mutual, rank }];
  });
  ranked.sort(
    (a, b) => b.rank - a.rank || b.mine.score - a.mine.score || b.candidate.joinedAt.localeCompare(a.candidate.joinedAt) || a.candidate.userId.localeCompare(b.candidate.userId),
  );
  return ranked.slice(0, size).map(({ candidate, mutual, mine }) => ({ userId: candidate.userId, score: mutual, reasons: mine.reasons }));
}
