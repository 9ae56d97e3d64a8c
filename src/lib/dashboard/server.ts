/**
 * The signed-in home's one read through the API binding: GET /dashboard as the member.
 * Answers the cards or the error the page shows in their place.
 */
import type { Dashboard } from '@api/dashboard/schemas';
import { data } from '../api/client';
import type { AppError } from '../errors';
import { outcome, serverClient, type ServerCallOptions } from '../server/api-client';

export type DashboardLoad = { ok: true; dashboard: Dashboard } | { ok: false; error: AppError };

/** The member's dashboard cards. */
export async function loadDashboard(options: ServerCallOptions): Promise<DashboardLoad> {
  const result = await outcome(data(serverClient(options).dashboard.$get()));
  return result.ok ? { ok: true, dashboard: result.data } : { ok: false, error: result.error };
}
