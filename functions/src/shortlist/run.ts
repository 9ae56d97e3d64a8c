/** The hourly run of the shortlist work (functions/src/index.ts, and /dev/shortlists): the due shortlists, then the due check-ins. */
import type { ShortlistDeps } from './build';
import { askDueCheckins } from './checkins';
import { sendDueShortlists, type ShortlistRun } from './job';

/** Runs both; answers what each did. */
export async function runShortlistJob(deps: ShortlistDeps, limit?: number): Promise<ShortlistRun & { checkins: number }> {
  const run = await sendDueShortlists(deps, limit);
  return { ...run, checkins: await askDueCheckins(deps) };
}
