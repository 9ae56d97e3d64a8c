/**
 * GET /profiles/recommend-search: a page of matches for the viewer. Founders get
 * co-founders (founders looking for one) or advisors; advisors get founders. Candidates
 * come from bounded pools (candidates.ts), are scored by the pure scorer and paged here.
 */
import { pageOf, offsetOf } from '../connections/paging';
import type { PageRequest, Paged } from '../connections/schemas';
import type { Deps } from '../deps';
import type { Match } from '../profiles/schemas';
import type { MemberType } from '../users/schemas';
import { matchCandidates } from './candidates';
import { loadMatchCandidate } from './profiles';
import { matchScore, rankMatches } from './score';

/** The member type a viewer is matched with when they do not say: founders for everyone. */
export const DEFAULT_MATCH_TYPE: MemberType = 'founder';

/** One page of the viewer's matches of `memberType`, best first, with the total. */
export async function recommendMatches(deps: Pick<Deps, 'db'>, viewerId: string, memberType: MemberType, page: PageRequest): Promise<Paged<Match>> {
  const viewer = await loadMatchCandidate(deps, viewerId);
  if (!viewer) return pageOf([], 0, page);
  const candidates = await matchCandidates(deps, viewer.profile, viewerId, memberType);
  const ranked = rankMatches(candidates.map((candidate) => ({ candidate, result: matchScore(viewer.profile, candidate.profile) })));
  const data = ranked.slice(offsetOf(page), offsetOf(page) + page.limit).map(({ candidate, result }) => ({ member: candidate.summary, score: result.score, reasons: result.reasons }));
  return pageOf(data, ranked.length, page);
}
