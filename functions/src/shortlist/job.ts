/**
 * The hourly shortlist job (functions/src/index.ts): reads the members whose shortlist weekday
 * may be today somewhere (schedule.ts: at most two of the seven), in pages by id, without a
 * shortlist for the weeks around now; keeps those whose local time is their shortlist hour (the
 * zone of their city, office-hours/time-zone.ts, looked up once per city and run; UTC without a
 * city) and builds theirs (build.ts), at most BUILD_LIMIT a run. The rest of a busy hour go in
 * the next runs of their window. Then asks about the matches old enough (checkins.ts).
 */
import { sql } from 'drizzle-orm';
import { zoneAt } from '../office-hours/time-zone';
import { isListed } from '../members/listed';
import { isLooking } from '../members/paused';
import { MATCH_COLUMNS, type MatchRow, toMatchCandidate } from '../matching/profiles';
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

/** What a run did. */
export type ShortlistRun = { read: number; due: number; built: number; picks: number };

/**
 * Builds the shortlists due at the clock's hour, at most `limit`; answers what it did. With a
 * `limit` of 0 it builds none and reads every page, counting who is due (the bench's scan).
 */
export async function sendDueShortlists(deps: ShortlistDeps, limit = BUILD_LIMIT): Promise<ShortlistRun> {
  const now = deps.clock.now();
  const days = weekdaysDueAt(now);
  // Built in the last day: this window's, already done. (Not "a shortlist in the weeks `now` spans
  // across zones": at Monday 08:00 UTC that includes last week's, and skipped every Monday member.)
  const builtSince = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  const zones = new Map<number, string>();
  const run: ShortlistRun = { read: 0, due: 0, built: 0, picks: 0 };
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
    for (const row of page) {
      const week = dueWeek(now, zoneOf(row, zones), row.m_id);
      if (!week) continue;
      run.due += 1;
      if (run.built >= limit) continue;
      try {
        const picks = await buildShortlist(deps, row.m_id, toMatchCandidate(row).profile, week);
        if (picks === null) continue;
        run.built += 1;
        run.picks += picks;
      } catch (error) {
        // Unclaimed again, so the next run of the window tries once more.
        console.error(`shortlist of ${row.m_id} for ${week} failed`, error);
        await deps.db.run(sql`DELETE FROM shortlists WHERE user_id = ${row.m_id} AND week = ${week}
          AND NOT EXISTS (SELECT 1 FROM shortlist_picks p WHERE p.user_id = ${row.m_id} AND p.week = ${week})`);
      }
    }
    if (page.length < PAGE || (limit > 0 && run.built >= limit)) break;
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
