/**
 * Ranking of suggested members ("you might like"): pure, so it is tested without a
 * database. Each signal gives points and, when it is worth telling, a reason; the
 * profile signal weighs what co-founder and advisor matching weighs (skills, commitment,
 * city, industries, idea stage, expertise), with matching's own scorer.
 */
import { matchScore, type MatchProfile } from '../matching/score';
import type { MemberCard } from '../members/schemas';
import type { Suggestion } from './schemas';

export type SuggestionCandidate = {
  member: MemberCard;
  /** Connections the viewer and the candidate have in common. */
  sharedConnections: number;
  /** When the candidate joined (ISO 8601). */
  joinedAt: string;
  /** What matching reads of the candidate's profile, when it was read. */
  profile?: MatchProfile;
};

export type SuggestionViewer = { userId: string; memberType: MemberCard['memberType']; profile?: MatchProfile };

export type SignalResult = { points: number; reason?: string };

/** One reason to suggest a member; null when it does not apply. */
export type Signal = (candidate: SuggestionCandidate, viewer: SuggestionViewer, now: Date) => SignalResult | null;

const DAY_MS = 86_400_000;
// More than every other signal together: type 15 + profile match 25 + picture 6 + newness 4 = 50.
const SHARED_POINTS = 55;
const SHARED_CAP = 10;
const COMPLEMENTARY_POINTS = 15;
const PICTURE_POINTS = 6;
const NEW_POINTS = 4;
const NEW_WINDOW_DAYS = 90;
const NEW_REASON_DAYS = 30;
/** A perfect profile match (100) is worth 25 points: less than one shared connection, more than the type. */
const PROFILE_POINTS_PER_SCORE = 0.25;

/** Shared connections weigh most: each is worth more than every other signal together. */
export const sharedConnections: Signal = ({ sharedConnections: shared }) =>
  shared > 0 ? { points: Math.min(shared, SHARED_CAP) * SHARED_POINTS, reason: `${shared} shared connection${shared === 1 ? '' : 's'}` } : null;

/** Founders are shown advisors and advisors founders. */
export const complementaryType: Signal = ({ member }, viewer) =>
  member.memberType !== viewer.memberType ? { points: COMPLEMENTARY_POINTS, reason: member.memberType === 'advisor' ? 'Could advise you' : 'A founder you could advise' } : null;

/**
 * How well the two profiles match (matching's score, from the viewer's side), with its
 * strongest reason: "Complements your skills: engineering", "Both in fintech".
 */
export const profileMatch: Signal = ({ profile }, viewer) => {
  const result = profile && viewer.profile ? matchScore(viewer.profile, profile) : null;
  if (!result || result.score <= 0) return null;
  const [first] = result.reasons;
  return { points: result.score * PROFILE_POINTS_PER_SCORE, reason: first && first.charAt(0).toUpperCase() + first.slice(1) };
};

/** A profile picture makes a suggestion worth showing (no reason: it is visible). */
export const profilePicture: Signal = ({ member }) => (member.avatar ? { points: PICTURE_POINTS } : null);

/** Newer members rank a little higher, fading over 90 days; "New member" for the first 30. */
export const newMember: Signal = ({ joinedAt }, _viewer, now) => {
  const days = (now.getTime() - Date.parse(joinedAt)) / DAY_MS;
  if (!(days >= 0 && days < NEW_WINDOW_DAYS)) return null;
  return { points: NEW_POINTS * (1 - days / NEW_WINDOW_DAYS), reason: days <= NEW_REASON_DAYS ? 'New member' : undefined };
};

export const DEFAULT_SIGNALS: readonly Signal[] = [sharedConnections, complementaryType, profileMatch, profilePicture, newMember];

/** The candidate's score (two decimals) and the reasons, in the order of the signals. */
export function scoreCandidate(candidate: SuggestionCandidate, viewer: SuggestionViewer, now: Date, signals: readonly Signal[] = DEFAULT_SIGNALS): Suggestion {
  let points = 0;
  const reasons: string[] = [];
  for (const signal of signals) {
    const result = signal(candidate, viewer, now);
    if (!result) continue;
    points += result.points;
    if (result.reason) reasons.push(result.reason);
  }
  return { member: candidate.member, reasons, score: Math.round(points * 100) / 100 };
}

type RankOptions = { now: Date; limit: number; signals?: readonly Signal[] };

/**
 * The best `limit` suggestions: highest score first, then the newer member, then by id
 * so the order is stable. The viewer and repeated candidates are left out.
 */
export function rankSuggestions(candidates: readonly SuggestionCandidate[], viewer: SuggestionViewer, { now, limit, signals }: RankOptions): Suggestion[] {
  const unique = new Map<string, SuggestionCandidate>();
  for (const candidate of candidates) {
    if (candidate.member._id === viewer.userId) continue;
    const seen = unique.get(candidate.member._id);
    if (!seen || candidate.sharedConnections > seen.sharedConnections) unique.set(candidate.member._id, candidate);
  }
  return [...unique.values()]
    .map((candidate) => ({ candidate, suggestion: scoreCandidate(candidate, viewer, now, signals) }))
    .sort(
      (a, b) => b.suggestion.score - a.suggestion.score || b.candidate.joinedAt.localeCompare(a.candidate.joinedAt) || a.candidate.member._id.localeCompare(b.candidate.member._id),
    )
    .slice(0, limit)
    .map(({ suggestion }) => suggestion);
}
