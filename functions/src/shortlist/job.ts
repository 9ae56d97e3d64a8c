/**
 * The hourly shortlist job (functions/src/index.ts): reads the members whose shortlist weekday
 * may be today somewhere (schedule.ts: at most two of the seven), in pages by id, without a
 * shortlist built in the last day; keeps those whose local time is their shortlist hour (the
 * zone of their city, office-hours/time-zone.ts, looked up once per city and run; UTC without a
 * city) and puts them on the shortlist queue (functions/wrangler.toml), whose consumer builds
 * each (build.ts) in batches of a few, each batch an invocation of its own: a Worker invocation
 * may make 1,000 D1 queries and a shortlist takes about 7, so building them in the hourly run
 * itself stopped at 100 an hour. The scan reads a page of 500 per query; at 100,000 members
 * a busy weekday's 14,300 take 29 queries and 143 sendBatch calls.
 *
 * Development and the tests build inline instead (`inlineShortlistQueue`), at most
 * BUILD_LIMIT a run, the rest left for the next run of their window.
 */
import { sql } from 'drizzle-orm';
import { zoneAt } from '../office-hours/time-zone';
import { isListed } from '../members/listed';
import { isLooking } from '../members/paused';
import { loadMatchProfile, MATCH_COLUMNS, type MatchRow, toMatchCandidate } from '../matching/profiles';
import { MEMBER_CARD_JOINS } from '../members/cards';
import { buildShortlist, type ShortlistDeps } from './build';
import { dueWeek, shortlistDaySql, weekdaysDueAt } from './schedule';

/** Members read per page. */
const PAGE = 500;
/**
 * Shortlists built per run at most: each makes about 6.7 D1 queries (bench/shortlist.mjs measured
 * 1,009 for a run of 150, past the 1,000 a Worker invocation may make), so 100 leave room for the scan.
 */
export const BUILD_LIMIT = 100;

type MemberRow = MatchRow & { latitude: number | null; longitude: number | null; country_code: string | null; city_key: number | null };

/** What a run did: members read, due, shortlists built (inline) or queued, members picked. */
export type ShortlistRun = { read: number; due: number; built: number; queued: number; picks: number };

/** A member whose shortlist of `week` is due: one queue message. */
export type ShortlistMessage = { userId: string; week: string };
/** Queues' sendBatch limit: 100 messages a call. */
const SEND_BATCH = 100;
/** The queue's name (functions/wrangler.toml); the consumer's batches carry it. */
export const SHORTLIST_QUEUE = 'foundermesh-shortlists';

/** Where due members go: the queue (env.SHORTLIST_QUEUE), or `inlineShortlistQueue`. */
export type ShortlistSink = {
  /** Takes a page's due members; answers how many it queued, and how many shortlists it built with how many members. */
  take(messages: ShortlistMessage[], rows: Map<string, MatchRow>): Promise<{ queued: number; built: number; picks: number }>;
};

/** The Cloudflare Queue as a sink: the due members are sent, 100 a call; the consumer builds them. */
export function queueSink(queue: { sendBatch(messages: Iterable<MessageSendRequest<ShortlistMessage>>): Promise<unknown> }): ShortlistSink {
  return {
    async take(messages) {
      for (let i = 0; i < messages.length; i += SEND_BATCH) await queue.sendBatch(messages.slice(i, i + SEND_BATCH).map((body) => ({ body })));
      return { queued: messages.length, built: 0, picks: 0 };
    },
  };
}

/**
 * Builds each due member's shortlist at once, at most `limit` a run (development, tests, the
 * bench). A member whose build fails is logged and left for the next run (their claim let go);
 * the others are still built. `build` is the tests' way in.
 */
export function inlineShortlistQueue(deps: ShortlistDeps, limit = BUILD_LIMIT, build = buildOne): ShortlistSink {
  let built = 0;
  return {
    async take(messages, rows) {
      const done = { queued: 0, built: 0, picks: 0 };
      for (const { userId, week } of messages) {
        if (built >= limit) break;
        const picks = await build(deps, userId, toMatchCandidate(rows.get(userId)!).profile, week).catch(() => null);
        if (picks === null) continue;
        built += 1;
        done.built += 1;
        done.picks += picks;
      }
      return done;
    },
  };
}

/** One member's shortlist; on a failure the claim is let go, so a later try builds it. Null when it was built already. */
async function buildOne(deps: ShortlistDeps, userId: string, profile: Parameters<typeof buildShortlist>[2], week: string): Promise<number | null> {
  try {
    return await buildShortlist(deps, userId, profile, week);
  } catch (error) {
    console.error(`shortlist of ${userId} for ${week} failed`, error);
    await deps.db.run(sql`DELETE FROM shortlists WHERE user_id = ${userId} AND week = ${week}
      AND NOT EXISTS (SELECT 1 FROM shortlist_picks p WHERE p.user_id = ${userId} AND p.week = ${week})`);
    throw error;
  }
}

/**
 * The queue's consumer (functions/src/index.ts `queue()`): builds each message's shortlist.
 * A message is acked once built (or found built, or its member gone); a failure lets the claim
 * go and retries that message alone. Answers how many were built.
 */
export async function consumeShortlistBatch(deps: ShortlistDeps, batch: MessageBatch<unknown>): Promise<number> {
  let built = 0;
  for (const message of batch.messages) {
    const body = message.body as Partial<ShortlistMessage> | null;
    if (typeof body?.userId !== 'string' || typeof body.week !== 'string') {
      console.error(`shortlist queue: message ${message.id} carries no member and week; dropped`);
      message.ack();
      continue;
    }
    try {
      const profile = await loadMatchProfile(deps, body.userId);
      if (profile && (await buildOne(deps, body.userId, profile, body.week)) !== null) built += 1;
      message.ack();
    } catch {
      message.retry();
    }
  }
  return built;
}

/**
 * Hands the members whose shortlist is due at the clock's hour to `sink`; answers what it did.
 * With the inline sink and a `limit` of 0 it builds none and reads every page, counting who is
 * due (the bench's scan).
 */
export async function sendDueShortlists(deps: ShortlistDeps, sink: ShortlistSink): Promise<ShortlistRun> {
  const now = deps.clock.now();
  const days = weekdaysDueAt(now);
  // Built in the last day: this window's, already done. (Not "a shortlist in the weeks `now` spans
  // across zones": at Monday 08:00 UTC that includes last week's, and skipped every Monday member.)
  const builtSince = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  const zones = new Map<number, string>();
  const run: ShortlistRun = { read: 0, due: 0, built: 0, queued: 0, picks: 0 };
  let after = '';
  for (;;) {
    const page = await deps.db.all<MemberRow>(sql`
      SELECT ${MATCH_COLUMNS}, c.id AS city_key, c.latitude, c.longitude, c.country_code
      FROM users u ${MEMBER_CARD_JOINS}
      LEFT JOIN cities c ON c.id = COALESCE(f.city_id, a.city_id)
      WHERE u.onboarded = 1 AND u.id > ${after}
        AND ${shortlistDaySql(sql`u.id`)} IN (SELECT value FROM json_each(${JSON.stringify(days)}))
        AND NOT EXISTS (SELECT 1 FROM shortlists s WHERE s.user_id = u.id AND s.created_at > ${builtSince})
        AND ${isListed(sql`u.id`)} AND ${isLooking(sql`u.id`)}
      ORDER BY u.id LIMIT ${PAGE}`);
    run.read += page.length;
    const due: ShortlistMessage[] = [];
    for (const row of page) {
      const week = dueWeek(now, zoneOf(row, zones), row.m_id);
      if (week) due.push({ userId: row.m_id, week });
    }
    run.due += due.length;
    const done = await sink.take(due, new Map(page.map((row) => [row.m_id, row])));
    run.queued += done.queued;
    run.built += done.built;
    run.picks += done.picks;
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.m_id;
  }
  return run;
}

/** The member's zone from their city (cached per city for the run), UTC without one. */
function zoneOf(row: MemberRow, zones: Map<number, string>): string {
  if (row.city_key === null || row.latitude === null || row.longitude === null) return 'UTC';
  let zone = zones.get(row.city_key);
  if (!zone) {
    zone = zoneAt(row.latitude, row.longitude, row.country_code ?? undefined) ?? 'UTC';
    zones.set(row.city_key, zone);
  }
  return zone;
}
