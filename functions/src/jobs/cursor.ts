/**
 * Where a job that walks the members stopped (job_cursors, 0027): a user id, '' before the
 * first. Reading costs one D1 query, saving one; the next run starts after the saved id.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { BatchStatement } from '../db/batch';
import type { Clock } from '../clock';

export async function readCursor(deps: { db: Db }, job: string): Promise<string> {
  const [row] = await deps.db.all<{ cursor: string }>(sql`SELECT cursor FROM job_cursors WHERE job = ${job}`);
  return row?.cursor ?? '';
}

export async function saveCursor(deps: { db: Db }, job: string, cursor: string, at: string): Promise<void> {
  await deps.db.run(sql`INSERT INTO job_cursors (job, cursor, updated_at) VALUES (${job}, ${cursor}, ${at})
    ON CONFLICT (job) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at`);
}

/** The statement forgetting a finished job's cursor (to go in the batch that finishes it). */
export function dropCursor(job: string): BatchStatement {
  return sql`DELETE FROM job_cursors WHERE job = ${job}`;
}

/**
 * Calls `each` on the members `ids` names after the job's cursor, in id order, `perStep` at
 * once, saving the cursor after each step: a run stopped part-way (an error, the invocation's
 * subrequest cap) starts the next one where it stopped.
 */
export async function walkMembers(
  deps: { db: Db; clock: Clock },
  job: string,
  ids: Iterable<string>,
  perStep: number,
  each: (memberId: string) => Promise<unknown>,
): Promise<void> {
  const after = await readCursor(deps, job);
  const left = [...new Set(ids)].filter((id) => id > after).sort();
  for (let start = 0; start < left.length; start += perStep) {
    const step = left.slice(start, start + perStep);
    await Promise.all(step.map(each));
    await saveCursor(deps, job, step[step.length - 1]!, deps.clock.now().toISOString());
  }
}
