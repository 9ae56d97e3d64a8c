/**
 * The parts of a co-founder score that come from the deeper profile fields
 * (docs/product.md#matching): complementary responsibilities, full-time timing and equity
 * expectations; and, for advisors, the stages they help most. Pure; each part is a number
 * of points with a reason in the viewer's words, or no points when a side left it empty.
 */
import type { EquityExpectation, FullTimeTiming, HelpStage, IdeaStage, Responsibility } from '../shared/profile-vocabulary';
import type { MatchFounder } from './preferences';

type Part = { points: number; reason?: string | null };

/** What someone who takes a responsibility does, inside "you build, they sell". */
const ROLE_VERBS: Record<Responsibility, string> = {
  engineering: 'build',
  product: 'shape the product',
  design: 'design',
  'sales-marketing': 'sell',
  operations: 'run operations',
  fundraising: 'raise money',
};

const verbs = (roles: readonly Responsibility[]) =>
  roles
    .slice(0, 2)
    .map((role) => ROLE_VERBS[role])
    .join(' and ');

/**
 * Complementary roles: each takes what the other wants taken (25 points, "complementary
 * roles: you build, they sell"); only the candidate covering the viewer's wants, 12.
 */
export function roles(viewer: MatchFounder, candidate: MatchFounder): Part {
  const theyCover = candidate.takesRoles.filter((role) => viewer.wantsRoles.includes(role));
  const youCover = viewer.takesRoles.filter((role) => candidate.wantsRoles.includes(role));
  if (theyCover.length > 0 && youCover.length > 0) return { points: 25, reason: `complementary roles: you ${verbs(youCover)}, they ${verbs(theyCover)}` };
  if (theyCover.length > 0) return { points: 12, reason: `wants to ${verbs(theyCover)}, as you hoped` };
  return { points: 0 };
}

const TIMING_ORDER: Record<FullTimeTiming, number> = { now: 0, '3-months': 1, '6-months': 2, later: 3 };
const TIMING_WORDS: Record<FullTimeTiming, string> = {
  now: 'both can go full time now',
  '3-months': 'both full time within 3 months',
  '6-months': 'both full time within 6 months',
  later: 'both going full time later',
};

/** Compatible full-time timing: the same (10 points) or one step apart (5). */
export function timing(viewer: MatchFounder, candidate: MatchFounder): Part {
  if (!viewer.fullTime || !candidate.fullTime) return { points: 0 };
  const apart = Math.abs(TIMING_ORDER[viewer.fullTime] - TIMING_ORDER[candidate.fullTime]);
  if (apart === 0) return { points: 10, reason: TIMING_WORDS[viewer.fullTime] };
  if (apart === 1) return { points: 5, reason: 'close full-time timing' };
  return { points: 0 };
}

/** Whether two equity expectations can meet: open meets anything, equal meets equal, a majority meets its mirror. */
export function equityCompatible(a: EquityExpectation, b: EquityExpectation): boolean {
  if (a === 'open' || b === 'open') return true;
  if (a === 'equal') return b === 'equal';
  return (a === 'majority-me' && b === 'majority-cofounder') || (a === 'majority-cofounder' && b === 'majority-me');
}

/** Equity expectations that can meet: 5 points. */
export function equity(viewer: MatchFounder, candidate: MatchFounder): Part {
  if (!viewer.equity || !candidate.equity || !equityCompatible(viewer.equity, candidate.equity)) return { points: 0 };
  return { points: 5, reason: 'compatible equity expectations' };
}

/** An advisor who helps most at the founder's stage: 10 points. */
export function stageHelp(founderStage: IdeaStage | null, helpStages: readonly HelpStage[], reason: string): Part {
  if (!founderStage || founderStage === 'no-idea' || !helpStages.includes(founderStage)) return { points: 0 };
  return { points: 10, reason };
}
