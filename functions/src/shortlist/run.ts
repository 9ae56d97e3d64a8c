/**
 * The hourly run of the shortlist work (functions/src/index.ts, and /dev/shortlists): the due
 * shortlists onto the queue (or built inline in development), then the due check-ins.
 */
import type { ShortlistDeps } from './build';
import { askDueCheckins } from './checkins';
import { sendDueShortlists, type ShortlistRun, type ShortlistSink } from './job';

/** Runs both; answers what each did. */
export async function runShortlistJob(deps: ShortlistDeps, sink: ShortlistSink): Promise<ShortlistRun & { checkins: number }> {
  const run = await sendDueShortlists(deps, sink);
  return { ...run, checkins: await askDueCheckins(deps) };
}
