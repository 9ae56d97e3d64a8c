/**
 * GET /profiles/recommend-search: a page of matches for the viewer. Founders get
 * co-founders (founders looking for one) or advisors; advisors get founders. Members the viewer
 * answered (Interested, or Not now for its months) are left out. Candidates
 * come from bounded pools (candidates.ts), are scored by the pure scorer and paged here.
 */
import { offsetOf, type Paged, pageOf, type PageRequest } from '../db/paging';
import type { Deps } from '../deps';
import type { Match } from '../profiles/schemas';
import type { MemberType } from '../users/schemas';
import { matchCandidates } from './candidates';
import { profileSummaries } from '../search/summaries';
import { loadMatchProfile } from './profiles';
import { matchScore, rankMatches } from './score';

/** The member type a viewer is matched with when they do not say: founders for everyone. */
export const DEFAULT_MATCH_TYPE: MemberType = 'founder';

/** One page of the viewer's matches of `memberType`, best first, with the total. */
export async function recommendMatches(deps: Pick<Deps, 'db' | 'clock'>, viewerId: string, memberType: MemberType, page: PageRequest): Promise<Paged<Match>> {
  const viewer = await loadMatchProfile(deps, viewerId);
  if (!viewer) return pageOf([], 0, page);
  const candidates = await matchCandidates(deps, viewer, viewerId, memberType, deps.clock.now());
  const ranked = rankMatches(candidates.map((candidate) => ({ candidate, result: matchScore(viewer, candidate.profile) })));
  const shown = ranked.slice(offsetOf(page), offsetOf(page) + page.limit);
  // Only the page's members are read as summaries: the pool may hold a few hundred.
  const summaries = await profileSummaries(
    deps,
    shown.map(({ candidate }) => candidate.userId),
    viewerId,
  );
  const data = shown.flatMap(({ candidate, result }) => {
    const member = summaries.get(candidate.userId);
    return member ? [{ member, score: result.score, reasons: result.reasons }] : [];
  });
  return pageOf(data, ranked.length, page);
}
