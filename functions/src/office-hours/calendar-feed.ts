/**
 * A member's private calendar feed: a secret URL their calendar app subscribes to, serving
 * their sessions (calendar-feed-ics.ts). The token in the URL is the secret and is shown once;
 * only its SHA-256 is stored, so the table alone opens no feed. Making a new feed replaces the
 * old URL; revoking deletes it. An unknown, revoked or malformed token reads as "not found",
 * alike, so the answer never tells which.
 *
 * What the feed holds (docs/product.md "Office hours"): confirmed sessions (and those marked
 * no-show) from 30 days back on; a cancelled session stays, as STATUS:CANCELLED, until its
 * start has passed, so a calendar that showed it marks it cancelled rather than dropping it
 * unexplained. Requests waiting for the host and declined requests are left out.
 */
import { eq, sql } from 'drizzle-orm';
import { calendarFeeds, type BookingStatus } from '../db/schema';
import type { Deps } from '../deps';
import { type FeedSession, feedText } from './calendar-feed-ics';

const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const PAST_DAYS = 30;
const MOST_EVENTS = 500;
const DAY = 24 * 3_600_000;

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The stored form of a token. */
export async function tokenHash(token: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
}

/** The feed's address as calendar apps fetch it: the app's own origin, through its API door. */
export function feedUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/session/office-hours/calendar/${token}.ics`;
}

/** Whether the member has a feed, and since when. */
export async function feedStatus(deps: Pick<Deps, 'db'>, userId: string): Promise<{ active: boolean; createdAt: string | null }> {
  const [row] = await deps.db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return { active: Boolean(row), createdAt: row?.createdAt ?? null };
}

/** Makes the member's feed, replacing any earlier one (whose URL stops working at once); answers the URL, shown this once. */
export async function createFeed(deps: Pick<Deps, 'db' | 'clock' | 'config'>, userId: string) {
  const token = base64url(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
  const createdAt = deps.clock.now().toISOString();
  const tokenHashed = await tokenHash(token);
  await deps.db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: tokenHashed, createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: tokenHashed, createdAt } });
  const url = feedUrl(deps.config.appUrl, token);
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt };
}

/** Revokes the member's feed (nothing to do when they have none). */
export async function revokeFeed(deps: Pick<Deps, 'db'>, userId: string): Promise<void> {
  await deps.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

type FeedRow = {
  id: string;
  host_id: string;
  starts_at: number;
  ends_at: number;
  status: BookingStatus;
  topic: string;
  agenda: string;
  sequence: number;
  cancel_reason: string | null;
  updated_at: string;
  meeting_link: string | null;
  host_name: string;
  guest_name: string;
};

/** The sessions of the feed's owner, by start. */
async function feedSessions(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<FeedSession[]> {
  const now = deps.clock.now().getTime();
  const rows = await deps.db.all<FeedRow>(sql`
    SELECT b.id, b.host_id, b.starts_at, b.ends_at, b.status, b.topic, b.agenda, b.sequence, b.cancel_reason, b.updated_at,
      oh.meeting_link, host.first_name || ' ' || host.last_name AS host_name, guest.first_name || ' ' || guest.last_name AS guest_name
    FROM bookings b
    JOIN users host ON host.id = b.host_id
    JOIN users guest ON guest.id = b.guest_id
    LEFT JOIN office_hours oh ON oh.user_id = b.host_id
    WHERE (b.host_id = ${userId} OR b.guest_id = ${userId})
      AND ((b.status IN ('confirmed', 'no_show') AND b.ends_at > ${now - PAST_DAYS * DAY}) OR (b.status = 'cancelled' AND b.starts_at > ${now}))
    ORDER BY b.starts_at, b.id
    LIMIT ${MOST_EVENTS}`);
  return rows.map((row) => ({
    id: row.id,
    sequence: row.sequence,
    status: row.status,
    start: new Date(row.starts_at),
    end: new Date(row.ends_at),
    topic: row.topic,
    agenda: row.agenda,
    meetingLink: row.meeting_link,
    cancelReason: row.cancel_reason,
    role: row.host_id === userId ? 'host' : 'guest',
    with: row.host_id === userId ? row.guest_name : row.host_name,
    updatedAt: new Date(row.updated_at),
  }));
}

/** The feed of a token, with an ETag of its text; null for a token that opens no feed. */
export async function feedOf(deps: Pick<Deps, 'db' | 'clock' | 'config'>, token: string): Promise<{ text: string; etag: string } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [feed] = await deps.db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, await tokenHash(token)));
  if (!feed) return null;
  const text = feedText(await feedSessions(deps, feed.userId), deps.config.appUrl);
  const digest = hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return { text, etag: `"${digest.slice(0, 32)}"` };
}
