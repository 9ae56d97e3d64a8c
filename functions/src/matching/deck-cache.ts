/**
 * The viewer's ranked deck, kept for a few minutes (recommend.ts): scoring the pools reads a
 * few hundred members' match fields (about 240 KB at 100,000 members), while a kept list is
 * checked again in one small query. The list holds ids, scores and reasons only; it lives in
 * the Cache API under an internal address no client can ask for, keyed by the viewer, the
 * member type and the versions of the viewer's own rows, so a profile or preference change
 * ranks again at once (docs/decisions.md "The deck's kept ranking").
 */
import { sql, type SQL } from 'drizzle-orm';
import { offsetOf, type PageRequest } from '../db/paging';
import type { Deps } from '../deps';
import { defaultCache } from '../directory/cached';
import type { MemberType } from '../users/schemas';
import type { Account } from '../users/wire';
import { MEMBER_CARD_JOINS } from '../members/cards';
import type { Match } from '../profiles/schemas';
import { type SummaryRow, summaryColumns, toProfileSummary } from '../search/summaries';
import { inDeck, interestMark } from './candidates';
import type { MatchProfile } from './profiles';

/** How long a ranked deck is kept. */
export const DECK_CACHE_SECONDS = 300;

export type DeckEntry = { id: string; score: number; reasons: string[] };
/**
 * A ranked deck: when it was ranked (the app's clock), and its version then: the newest join
 * among onboarded members of its type, and who said Interested in the viewer (candidates.ts
 * `interestMark`).
 */
export type RankedDeck = { rankedAt: string; version: string; ranked: DeckEntry[] };

/** Where ranked decks are kept. */
export type DeckCache = {
  read(key: string): Promise<RankedDeck | null>;
  write(key: string, deck: RankedDeck): Promise<void>;
};

/** The key of the viewer's deck of `memberType`: a new one whenever their account or profile row changes. */
export function deckKey({ user, founder, advisor }: Account, memberType: MemberType): string {
  const profile = founder ?? advisor;
  const version = [user.updatedAt, profile?.updatedAt ?? ''].map(encodeURIComponent).join('/');
  return `https://matching.foundermesh.internal/deck/${user.id}/${memberType}/${version}`;
}

/** Decks in the Cache API (`cache`: the runtime's default); a cache that fails is skipped, never the deck. */
export function apiDeckCache(cache: Cache | null = defaultCache()): DeckCache {
  return {
    async read(key) {
      const hit = await cache?.match(key).catch(() => undefined);
      return hit ? ((await hit.json().catch(() => null)) as RankedDeck | null) : null;
    },
    async write(key, deck) {
      // Never `private`: the Cache API does not keep those. No client can ask for this address.
      const response = new Response(JSON.stringify(deck), { headers: { 'content-type': 'application/json', 'cache-control': `max-age=${DECK_CACHE_SECONDS}` } });
      await cache?.put(key, response).catch(() => undefined);
    },
  };
}

/** The deck's version (RankedDeck): the newest join of the type (index users_onboarded_type_created) and who said Interested in the viewer. */
function deckVersionSql(viewerId: string, memberType: MemberType): SQL {
  return sql`coalesce((SELECT max(created_at) FROM users WHERE onboarded = 1 AND member_type = ${memberType}), '') || '|' || ${interestMark(viewerId)}`;
}

export async function deckVersion(deps: Pick<Deps, 'db'>, viewerId: string, memberType: MemberType): Promise<string> {
  const [row] = await deps.db.all<{ version: string }>(sql`SELECT ${deckVersionSql(viewerId, memberType)} AS version`);
  return row?.version ?? '';
}

/**
 * The statement of `deckNow`; `still` is the pools' rules for the member `u` (candidates.ts
 * `inDeck`). The kept ids lead the join (CROSS JOIN keeps SQLite from
 * walking every onboarded member and looking each up in the list: 49M rows at 100,000).
 */
export function deckNowStatement(viewerId: string, deck: RankedDeck, page: PageRequest, still: SQL, version: SQL): SQL {
  const ids = JSON.stringify(deck.ranked.map((entry) => entry.id));
  return sql`
    WITH kept AS (SELECT CAST(j.key AS INTEGER) AS pos, j.value AS id FROM json_each(${ids}) j),
      still AS (SELECT kept.pos, kept.id FROM kept CROSS JOIN users u ON u.id = kept.id WHERE ${still})
    SELECT ${version} AS d_version, (SELECT count(*) FROM still) AS d_total, p.pos AS d_pos, ${summaryColumns(viewerId)}
    FROM (SELECT 1) LEFT JOIN (SELECT pos, id FROM still ORDER BY pos LIMIT ${page.limit} OFFSET ${offsetOf(page)}) p
      LEFT JOIN users u ON u.id = p.id ${MEMBER_CARD_JOINS}`;
}

type DeckNowRow = SummaryRow & { d_version: string; d_total: number; d_pos: number | null };

/**
 * The kept deck as it stands now, in one query: its members who still pass the pools' rules
 * (the type, the viewer's must-haves, no answer in force, suggestable), how many, and the page asked for with their summaries. Null when it is
 * older than DECK_CACHE_SECONDS by the app's clock (a "Not now" may have run out since) or
 * someone joined since it was ranked: it is ranked again.
 */
export async function deckNow(
  deps: Pick<Deps, 'db'>,
  viewer: MatchProfile,
  viewerId: string,
  memberType: MemberType,
  deck: RankedDeck,
  page: PageRequest,
  now: Date,
): Promise<{ total: number; data: Match[] } | null> {
  const age = now.getTime() - Date.parse(deck.rankedAt);
  if (!(age >= 0 && age < DECK_CACHE_SECONDS * 1000)) return null;
  const still = inDeck(viewer, viewerId, memberType, now);
  if (!still) return null;
  const rows = await deps.db.all<DeckNowRow>(deckNowStatement(viewerId, deck, page, still, deckVersionSql(viewerId, memberType)));
  const first = rows[0];
  if (!first || first.d_version !== deck.version) return null;
  const data = rows
    .filter((row) => row.d_pos !== null && row.m_id !== null && deck.ranked[row.d_pos])
    .sort((a, b) => a.d_pos! - b.d_pos!)
    .map((row) => {
      const { score, reasons } = deck.ranked[row.d_pos!]!;
      return { member: toProfileSummary(row), score, reasons };
    });
  return { total: first.d_total, data };
}
