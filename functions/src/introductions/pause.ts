/**
 * "I'm not looking now" (docs/product.md "Pause"): the member's own switch, kept in
 * users.paused_at; members/paused.ts leaves paused members out of matching and search.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { PauseState } from '../saved/schemas';

const stateOf = (pausedAt: string | null | undefined): PauseState => ({ paused: Boolean(pausedAt), pausedAt: pausedAt ?? null });

/** Whether the member is paused (GET /matching/pause). */
export async function pauseStateOf(deps: Pick<Deps, 'db'>, userId: string): Promise<PauseState> {
  const [row] = await deps.db.all<{ paused_at: string | null }>(sql`SELECT paused_at FROM users WHERE id = ${userId}`);
  return stateOf(row?.paused_at);
}

/** Pauses the member (PUT /matching/pause); pausing again keeps the first time. */
export async function pause(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<PauseState> {
  const [row] = await deps.db.all<{ paused_at: string | null }>(
    sql`UPDATE users SET paused_at = coalesce(paused_at, ${deps.clock.now().toISOString()}) WHERE id = ${userId} RETURNING paused_at`,
  );
  return stateOf(row?.paused_at);
}

/** Resumes the member (DELETE /matching/pause). */
export async function resume(deps: Pick<Deps, 'db'>, userId: string): Promise<PauseState> {
  await deps.db.run(sql`UPDATE users SET paused_at = NULL WHERE id = ${userId}`);
  return stateOf(null);
}
