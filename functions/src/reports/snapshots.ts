/**
 * The snapshot a report keeps of what it is about (0034): the text, the references of its
 * media, who wrote it (id and name at the time) and when, as the reporter saw it. The queue
 * shows it once the author has deleted or edited the thing (moderation/queue.ts). It lives
 * while the report is open and SNAPSHOT_DAYS_AFTER_RESOLVED days after; `purgeSnapshots`,
 * run every hour, deletes the older ones (docs/decisions.md "Reports keep a snapshot of what
 * was reported").
 */
import { inArray, sql } from 'drizzle-orm';
import type { BatchStatement } from '../db/batch';
import type { Db } from '../db/client';
import { reportSnapshots, type ReportSnapshotRow, type SnapshotMedia } from '../db/schema';
import type { Deps } from '../deps';

/** How long a snapshot outlives the resolution of its report. */
export const SNAPSHOT_DAYS_AFTER_RESOLVED = 90;

/** What a report is about as the reporter saw it; `text` and `writtenAt` are null for a member. */
export type ReportedThing = { authorId: string; text: string | null; media: SnapshotMedia[]; writtenAt: string | null };

/** The name a member goes by, read when the report is filed. */
export async function authorNameOf(db: Db, authorId: string): Promise<string> {
  const [row] = await db.all<{ name: string }>(sql`SELECT trim(first_name || ' ' || last_name) AS name FROM users WHERE id = ${authorId}`);
  return row?.name ?? '';
}

/**
 * The statement storing the snapshot of report `reportId`, for the batch that files it: it
 * writes only when that report was stored (a repeat of an open report stores neither).
 */
export function snapshotStatement(reportId: string, thing: ReportedThing & { authorName: string }, takenAt: string): BatchStatement {
  return sql`INSERT INTO report_snapshots (report_id, author_id, author_name, text, media, written_at, taken_at)
    SELECT ${reportId}, ${thing.authorId}, ${thing.authorName}, ${thing.text}, ${JSON.stringify(thing.media)}, ${thing.writtenAt}, ${takenAt}
    WHERE EXISTS (SELECT 1 FROM reports WHERE id = ${reportId})`;
}

/** The snapshots of these reports, by report id. */
export async function snapshotsOf(deps: Pick<Deps, 'db'>, reportIds: readonly string[]): Promise<Map<string, ReportSnapshotRow>> {
  if (reportIds.length === 0) return new Map();
  const rows = await deps.db
    .select()
    .from(reportSnapshots)
    .where(inArray(reportSnapshots.reportId, [...reportIds]));
  return new Map(rows.map((row) => [row.reportId, row]));
}

/** Deletes the snapshots of reports resolved more than SNAPSHOT_DAYS_AFTER_RESOLVED days ago; answers how many. */
export async function purgeSnapshots(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - SNAPSHOT_DAYS_AFTER_RESOLVED * 86_400_000).toISOString();
  const result = await deps.db.run(sql`DELETE FROM report_snapshots WHERE report_id IN (SELECT id FROM reports WHERE status = 'resolved' AND resolved_at < ${cutoff})`);
  return result.meta.changes;
}
