/**
 * GET /profiles/recommend-search: a page of matches for the viewer. Founders get
 * co-founders (founders looking for one) or advisors; advisors get founders. Members the viewer
 * answered (Interested, or Not now for its months) are left out. Candidates
 * come from bounded pools (candidates.ts), are scored by the pure scorer and paged here.
 *
 * The ranked list (ids, scores, reasons; a few hundred at most) is kept per viewer for
 * DECK_CACHE_SECONDS in the Cache API (deck-cache.ts), keyed by the viewer's own profile, so
 * the deck's next pages and the next visit within minutes read it instead of scoring the pools
 * again. Each read still checks the list against the database in one query: members the viewer
 * answered, connected with, blocked or was blocked by since, and members paused, suspended or
 * leaving, drop out at once; a member who joined since makes the list stale (docs/product.md
 * "Matching").
 */
import { offsetOf, type Paged, pageOf, type PageRequest } from '../db/paging';
import type { Deps } from '../deps';
import type { Match } from '../profiles/schemas';
import type { MemberType } from '../users/schemas';
import type { Account } from '../users/wire';
import { matchCandidates } from './candidates';
import { profileSummaries } from '../search/summaries';
import { accountMatchProfile, type MatchProfile } from './profiles';
import { matchScore, rankMatches } from './score';
import { type DeckCache, type RankedDeck, deckKey, deckNow, deckVersion } from './deck-cache';

/** The member type a viewer is matched with when they do not say: founders for everyone. */
export const DEFAULT_MATCH_TYPE: MemberType = 'founder';

/** The viewer's candidates of `memberType`, scored and ranked, with the deck's version it was ranked at. */
async function rankDeck(deps: Pick<Deps, 'db'>, viewer: MatchProfile, viewerId: string, memberType: MemberType, now: Date): Promise<RankedDeck> {
  // Read before the pools, so a member who joins (or says Interested) while they are read makes the list stale.
  const version = await deckVersion(deps, viewerId, memberType);
  const candidates = await matchCandidates(deps, viewer, viewerId, memberType, now);
  const ranked = rankMatches(candidates.map((candidate) => ({ candidate, result: matchScore(viewer, candidate.profile) })));
  return { rankedAt: now.toISOString(), version, ranked: ranked.map(({ candidate, result }) => ({ id: candidate.userId, score: result.score, reasons: result.reasons })) };
}

/** One page of the viewer's matches of `memberType`, best first, with the total. */
export async function recommendMatches(deps: Pick<Deps, 'db' | 'clock'>, account: Account, memberType: MemberType, page: PageRequest, cache: DeckCache): Promise<Paged<Match>> {
  const viewerId = account.user.id;
  const viewer = accountMatchProfile(account);
  const now = deps.clock.now();
  const key = deckKey(account, memberType);
  const kept = await cache.read(key);
  // A kept list, checked against who may still be shown and read with the page's summaries; stale when its version moved.
  const shown = kept ? await deckNow(deps, viewer, viewerId, memberType, kept, page, now) : null;
  if (shown) return pageOf(shown.data, shown.total, page);
  const deck = await rankDeck(deps, viewer, viewerId, memberType, now);
  await cache.write(key, deck);
  const entries = deck.ranked.slice(offsetOf(page), offsetOf(page) + page.limit);
  // Only the page's members are read as summaries: the list may hold a few hundred.
  const summaries = await profileSummaries(
    deps,
    entries.map((entry) => entry.id),
    viewerId,
  );
  const data = entries.flatMap(({ id, score, reasons }) => {
    const member = summaries.get(id);
    return member ? [{ member, score, reasons }] : [];
  });
  return pageOf(data, deck.ranked.length, page);
}
