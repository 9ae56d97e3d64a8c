/**
 * Match scores, pure: a founder and a co-founder candidate (both sides' preferences:
 * must-haves filter, nice-to-haves weigh; complementary skills, commitment, location or
 * remote, shared industries, idea stage), and a founder and an advisor (expertise that
 * fills the founder's gaps, industries, place, investing). Scores run 0–100; each comes
 * with the reasons, in words, from the viewer's side.
 */
import { type Engagement, EXPERTISE, type Expertise, type HelpStage, type HelpType, type Industry, type Skill } from '../shared/profile-vocabulary';
import { equity, roles, stageHelp, timing } from './depth';
import { criteriaOf, type MatchFounder, niceToHaveShare, passesMustHaves } from './preferences';
import { cityWord, expertiseWords, industryWord, skillWords, STAGE_WORDS } from './words';

export type { MatchFounder } from './preferences';

/** An advisor as matching reads them. */
export type MatchAdvisor = {
  userId: string;
  expertise: Expertise[];
  industries: Industry[];
  helpTypes: HelpType[];
  engagements: Engagement[];
  helpStages: HelpStage[];
  cityId: number | null;
  city: string | null;
  openToRemote: boolean;
};

/** A member's match profile, by type. */
export type MatchProfile = { memberType: 'founder'; founder: MatchFounder } | { memberType: 'advisor'; advisor: MatchAdvisor };

/** A score (0–100) and why; null when a must-have of either side fails. */
export type MatchResult = { score: number; reasons: string[] } | null;

const points = (parts: readonly { points: number; reason?: string | null }[]): { score: number; reasons: string[] } => ({
  score: Math.round(
    Math.min(
      100,
      parts.reduce((sum, part) => sum + part.points, 0),
    ),
  ),
  reasons: parts.flatMap((part) => (part.reason ? [part.reason] : [])),
});

const sharedIndustries = (a: readonly Industry[], b: readonly Industry[]) => a.filter((industry) => b.includes(industry));
const sameCity = (a: { cityId: number | null }, b: { cityId: number | null }) => a.cityId !== null && a.cityId === b.cityId;

/** Technical with non-technical weighs most; otherwise each skill the viewer lacks adds a little. */
function complement(viewer: MatchFounder, candidate: MatchFounder) {
  const gained = candidate.skills.filter((skill) => !viewer.skills.includes(skill));
  const opposite = viewer.technical !== null && candidate.technical !== null && viewer.technical !== candidate.technical;
  const words = gained.length > 0 ? skillWords(gained) : opposite ? (candidate.technical ? 'technical' : 'business') : null;
  const reason = words && `complements your skills: ${words}`;
  if (opposite) return { points: 25, reason };
  return { points: Math.min(gained.length, 3) * 5, reason };
}

function commitment(viewer: MatchFounder, candidate: MatchFounder) {
  if (!viewer.commitment || viewer.commitment !== candidate.commitment) return { points: 0 };
  return viewer.commitment === 'full-time' ? { points: 15, reason: 'both full time' } : { points: 10, reason: 'both part time' };
}

function location(viewer: { cityId: number | null; city: string | null; openToRemote: boolean }, other: typeof viewer, full: number) {
  const city = cityWord(other.city);
  if (sameCity(viewer, other)) return { points: full, reason: city && `both based in ${city}` };
  if (viewer.openToRemote && other.openToRemote) return { points: full * (2 / 3), reason: 'both open to remote work' };
  return { points: 0 };
}

/** One reason per shared industry (two at most): 10 points for the first, 5 for the second. */
function industries(shared: readonly Industry[], words: (industry: string) => string) {
  return shared.slice(0, 2).map((industry, index) => ({ points: index === 0 ? 10 : 5, reason: words(industryWord(industry)) }));
}

/** An idea meets someone open to joining one. */
function ideaStage(viewer: MatchFounder, candidate: MatchFounder) {
  if (!viewer.ideaStage || !candidate.ideaStage) return { points: 0 };
  if (viewer.ideaStage !== 'no-idea' && candidate.ideaStage === 'no-idea') return { points: 10, reason: 'open to joining your idea' };
  if (viewer.ideaStage === 'no-idea' && candidate.ideaStage !== 'no-idea') return { points: 10, reason: STAGE_WORDS[candidate.ideaStage] };
  return { points: 0 };
}

/** Nice-to-haves weigh from both sides: the viewer's count more than the candidate's. */
function preferences(viewer: MatchFounder, candidate: MatchFounder, complemented: boolean) {
  const mine = niceToHaveShare(viewer, candidate);
  const theirs = niceToHaveShare(candidate, viewer);
  // Their must-haves hold already (or there would be no match): all their wishes are met when their nice-to-haves are too.
  const fitsThem = criteriaOf(candidate, 'must-have').length + criteriaOf(candidate, 'nice-to-have').length > 0 && (theirs ?? 1) === 1;
  const wantedSkills = viewer.preferences.skills ? candidate.skills.filter((skill) => viewer.preferences.skills!.value.includes(skill)) : [];
  return [
    { points: 12 * (mine ?? 0), reason: !complemented && wantedSkills.length > 0 ? `has the skills you look for: ${skillWords(wantedSkills)}` : null },
    { points: 8 * (theirs ?? 0), reason: fitsThem ? 'you fit what they look for' : null },
  ];
}

/**
 * How well `candidate` fits `viewer` as a co-founder; null when either fails a must-have
 * of the other. Reasons read from the viewer's side, most telling first.
 */
export function cofounderMatch(viewer: MatchFounder, candidate: MatchFounder): MatchResult {
  if (viewer.userId === candidate.userId) return null;
  if (!passesMustHaves(viewer, candidate) || !passesMustHaves(candidate, viewer)) return null;
  const skills = complement(viewer, candidate);
  return points([
    roles(viewer, candidate),
    skills,
    commitment(viewer, candidate),
    location(viewer, candidate, 15),
    ...industries(sharedIndustries(viewer.industries, candidate.industries), (industry) => `both in ${industry}`),
    ideaStage(viewer, candidate),
    timing(viewer, candidate),
    equity(viewer, candidate),
    ...preferences(viewer, candidate, Boolean(skills.reason)),
  ]);
}

/** The expertise a founder's own skills already cover. */
const SKILL_EXPERTISE: Record<Skill, Expertise[]> = {
  engineering: ['engineering'],
  product: ['product'],
  design: ['design'],
  data: ['engineering'],
  'sales-marketing': ['sales', 'marketing', 'go-to-market'],
  operations: ['operations', 'hiring'],
  finance: ['finance', 'pricing'],
  fundraising: ['fundraising'],
  hardware: ['engineering'],
  legal: ['legal', 'regulation'],
};

/** The areas of expertise a founder's skills leave uncovered: where an advisor helps most. */
export function expertiseGaps(founder: Pick<MatchFounder, 'skills'>): Expertise[] {
  const covered = new Set(founder.skills.flatMap((skill) => SKILL_EXPERTISE[skill]));
  return (Object.keys(EXPERTISE) as Expertise[]).filter((area) => !covered.has(area));
}

/** What a founder and an advisor have for each other, before wording it for either side. */
function advisorFit(founder: MatchFounder, advisor: MatchAdvisor) {
  const covered = new Set(founder.skills.flatMap((skill) => SKILL_EXPERTISE[skill]));
  return {
    gaps: advisor.expertise.filter((area) => !covered.has(area)),
    overlap: advisor.expertise.filter((area) => covered.has(area)).length,
    shared: sharedIndustries(founder.industries, advisor.industries),
    // Investing helps once there is something to invest in.
    invests: advisor.helpTypes.includes('investing') && founder.ideaStage !== null && founder.ideaStage !== 'no-idea',
  };
}

/** How well an advisor fits a founder, in the founder's words ("can help with fundraising"). */
export function advisorMatch(founder: MatchFounder, advisor: MatchAdvisor): MatchResult {
  const fit = advisorFit(founder, advisor);
  return points([
    { points: Math.min(fit.gaps.length, 3) * 15, reason: fit.gaps.length > 0 ? `can help with ${expertiseWords(fit.gaps)}` : null },
    { points: Math.min(fit.overlap, 2) * 3 },
    ...industries(fit.shared, (industry) => `knows ${industry}`),
    location(founder, advisor, 10),
    { points: fit.invests ? 10 : 0, reason: fit.invests ? 'also invests' : null },
    stageHelp(founder.ideaStage, advisor.helpStages, 'helps most at your stage'),
  ]);
}

/** How well a founder fits an advisor, in the advisor's words ("needs help with fundraising"). */
export function founderForAdvisor(advisor: MatchAdvisor, founder: MatchFounder): MatchResult {
  const fit = advisorFit(founder, advisor);
  return points([
    { points: Math.min(fit.gaps.length, 3) * 15, reason: fit.gaps.length > 0 ? `could use your help with ${expertiseWords(fit.gaps)}` : null },
    { points: Math.min(fit.overlap, 2) * 3 },
    ...industries(fit.shared, (industry) => `building in ${industry}`),
    location(advisor, founder, 10),
    { points: fit.invests ? 10 : 0, reason: fit.invests && founder.ideaStage ? STAGE_WORDS[founder.ideaStage as keyof typeof STAGE_WORDS] : null },
    stageHelp(founder.ideaStage, advisor.helpStages, 'at a stage you help most'),
  ]);
}

/**
 * The score of a candidate for the viewer, from the viewer's side: co-founders and
 * advisors for founders, founders for advisors (advisors with advisors: null).
 */
export function matchScore(viewer: MatchProfile, candidate: MatchProfile): MatchResult {
  if (viewer.memberType === 'founder') {
    if (candidate.memberType === 'founder') return cofounderMatch(viewer.founder, candidate.founder);
    return advisorMatch(viewer.founder, candidate.advisor);
  }
  return candidate.memberType === 'founder' ? founderForAdvisor(viewer.advisor, candidate.founder) : null;
}

/** Scored candidates, best first: higher score, then more reasons, then the newer member, then by id. */
export function rankMatches<T extends { userId: string; joinedAt: string }>(scored: readonly { candidate: T; result: MatchResult }[]) {
  return scored
    .filter((item): item is { candidate: T; result: NonNullable<MatchResult> } => item.result !== null && item.result.score > 0)
    .sort(
      (a, b) =>
        b.result.score - a.result.score ||
        b.result.reasons.length - a.result.reasons.length ||
        b.candidate.joinedAt.localeCompare(a.candidate.joinedAt) ||
        a.candidate.userId.localeCompare(b.candidate.userId),
    );
}
