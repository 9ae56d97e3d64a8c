/**
 * The dashboard's D1 reads, one statement per card, sent as one batch (exported for the
 * query-plan test). Each reads the viewer's own rows through an index keyed by the viewer and
 * joins member cards for the few rows shown; members blocked either way and members who may
 * not be listed (leaving, suspended: members/listed.ts) are left out of every card.
 */
import { sql, type SQL } from 'drizzle-orm';
import { blockedWith } from '../members/blocks';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS } from '../members/cards';
import { connectedWith } from '../members/connected';
import { SUSPENDED_IDS, UNLISTED_IDS } from '../members/listed';

/** How many rows each card shows. */
export const CARD_ROWS = 3;

/** How far back "recent posts" of connections look. */
export const RECENT_POSTS_DAYS = 14;

const DAY_MS = 86_400_000;

/** The other member may be shown to the viewer: no block either way, listed. */
function shown(viewerId: string, column: string): SQL {
  const other = sql.raw(column);
  return sql`${other} NOT IN ${blockedWith(viewerId)} AND ${other} NOT IN ${UNLISTED_IDS} AND ${other} NOT IN ${SUSPENDED_IDS}`;
}

/** Received requests still pending, newest first, with the total on every row (and alone when there are none). */
export function requestsStatement(viewerId: string): SQL {
  const pending = sql`FROM connections WHERE receiver_id = ${viewerId} AND status = 'pending' AND ${shown(viewerId, 'requester_id')}`;
  return sql`
    WITH total(n) AS (SELECT count(*) ${pending}),
    page AS (SELECT id, requester_id, note, created_at, updated_at ${pending} ORDER BY updated_at DESC, requester_id DESC LIMIT ${CARD_ROWS})
    SELECT total.n AS total, page.id AS r_id, page.note AS r_note, page.created_at AS r_created, ${MEMBER_CARD_COLUMNS}
    FROM total LEFT JOIN page ON 1 = 1 LEFT JOIN users u ON u.id = page.requester_id ${MEMBER_CARD_JOINS}
    ORDER BY page.updated_at DESC, page.requester_id DESC`;
}

/**
 * Upcoming sessions on both sides: as host through bookings_host_busy (held statuses only),
 * as guest through bookings_guest_start; a session ends less than a day after its busy span
 * starts, which bounds both ranges.
 */
export function sessionsStatement(viewerId: string, now: number): SQL {
  const from = now - DAY_MS;
  const upcoming = sql`
    SELECT id, 'host' AS role, guest_id AS other, starts_at, ends_at, status, topic FROM bookings
      WHERE host_id = ${viewerId} AND status IN ('requested', 'confirmed') AND busy_from > ${from} AND ends_at > ${now}
    UNION ALL
    SELECT id, 'guest' AS role, host_id AS other, starts_at, ends_at, status, topic FROM bookings
      WHERE guest_id = ${viewerId} AND starts_at > ${from} AND status IN ('requested', 'confirmed') AND ends_at > ${now}`;
  return sql`
    WITH mine AS (SELECT * FROM (${upcoming}) WHERE ${shown(viewerId, 'other')}),
    total(n, waiting) AS (SELECT count(*), coalesce(sum(role = 'host' AND status = 'requested'), 0) FROM mine),
    page AS (SELECT * FROM mine ORDER BY starts_at, id LIMIT ${CARD_ROWS})
    SELECT total.n AS total, total.waiting AS waiting, page.id AS s_id, page.role AS s_role, page.starts_at AS s_start, page.ends_at AS s_end,
      page.status AS s_status, page.topic AS s_topic, ${MEMBER_CARD_COLUMNS}
    FROM total LEFT JOIN page ON 1 = 1 LEFT JOIN users u ON u.id = page.other ${MEMBER_CARD_JOINS}
    ORDER BY page.starts_at, page.id`;
}

/**
 * The newest posts of the viewer's connections of the last RECENT_POSTS_DAYS days: each
 * connection's posts through feed_posts_author (author, created_at), so only recent posts of
 * connections are read, then the newest few. The member cards are joined to those few only:
 * joined before the cut, they were read for every recent post of every connection.
 */
export function postsStatement(viewerId: string, now: number): SQL {
  const since = new Date(now - RECENT_POSTS_DAYS * DAY_MS).toISOString();
  return sql`
    WITH mine(id) AS ${connectedWith(viewerId)},
    page AS (
      SELECT p.id, p.slug, p.text, p.created_at, p.author_user_id
      FROM mine JOIN feed_posts p ON p.author_user_id = mine.id AND p.created_at > ${since}
      WHERE ${shown(viewerId, 'mine.id')}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${CARD_ROWS})
    SELECT page.id AS p_id, page.slug AS p_slug, substr(page.text, 1, 400) AS p_text, page.created_at AS p_created, ${MEMBER_CARD_COLUMNS}
    FROM page JOIN users u ON u.id = page.author_user_id ${MEMBER_CARD_JOINS}
    ORDER BY page.created_at DESC, page.id DESC`;
}

/**
 * The viewer's matches, newest first, with the total on every row (and alone when there are
 * none): each side of the pair through its own index (matches_first, matches_second).
 */
export function matchesStatement(viewerId: string): SQL {
  const mine = sql`
    SELECT id, second_id AS other, created_at FROM matches WHERE first_id = ${viewerId}
    UNION ALL
    SELECT id, first_id AS other, created_at FROM matches WHERE second_id = ${viewerId}`;
  return sql`
    WITH shown_matches AS (SELECT * FROM (${mine}) WHERE ${shown(viewerId, 'other')}),
    total(n) AS (SELECT count(*) FROM shown_matches),
    page AS (SELECT * FROM shown_matches ORDER BY created_at DESC, id DESC LIMIT ${CARD_ROWS})
    SELECT total.n AS total, page.id AS m_match, page.created_at AS m_created, ${MEMBER_CARD_COLUMNS}
    FROM total LEFT JOIN page ON 1 = 1 LEFT JOIN users u ON u.id = page.other ${MEMBER_CARD_JOINS}
    ORDER BY page.created_at DESC, page.id DESC`;
}

/** The members the mailbox and the views leave out: blocked either way, leaving or suspended (a few rows). */
export function hiddenStatement(viewerId: string): SQL {
  return sql`SELECT blocked_id AS id FROM ${blockedWith(viewerId)} UNION SELECT user_id FROM ${UNLISTED_IDS} UNION SELECT id FROM ${SUSPENDED_IDS}`;
}
