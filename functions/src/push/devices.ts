/** A member's push devices: subscribe (one row per endpoint), list, remove. Only one's own. */
import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { pushSubscriptions } from '../db/schema';
import { FLOOD_LIMITS } from '../rate-limit/policies';

export type DeviceInput = { endpoint: string; keys: { p256dh: string; auth: string }; userAgent: string };
export type Device = { _id: string; endpoint: string; userAgent: string; createdAt: string; lastSuccessAt: string | null };

const toDevice = (row: typeof pushSubscriptions.$inferSelect): Device => ({
  _id: row.id,
  endpoint: row.endpoint,
  userAgent: row.userAgent,
  createdAt: row.createdAt,
  lastSuccessAt: row.lastSuccessAt,
});

/**
 * Stores the device for the member. The same endpoint again (a re-subscribe, or the browser
 * now signed in as someone else) takes the new keys and owner and counts as new: an endpoint
 * reaches one member. A member keeps FLOOD_LIMITS.pushDevicesPerMember devices: the ones
 * subscribed longest ago go (each push is one request per device).
 */
export async function subscribeDevice(deps: Pick<Deps, 'db' | 'clock'>, userId: string, input: DeviceInput): Promise<Device> {
  const now = deps.clock.now().toISOString();
  const [row] = await deps.db
    .insert(pushSubscriptions)
    .values({
      id: newId(),
      userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      userAgent: input.userAgent,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: input.userAgent, createdAt: now, lastSuccessAt: null },
    })
    .returning();
  const owned = eq(pushSubscriptions.userId, userId);
  const newest = deps.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(owned)
    .orderBy(desc(pushSubscriptions.createdAt), desc(sql`rowid`))
    .limit(FLOOD_LIMITS.pushDevicesPerMember);
  await deps.db.delete(pushSubscriptions).where(and(owned, notInArray(pushSubscriptions.id, newest)));
  return toDevice(row!);
}

/** The member's devices, oldest first. */
export async function listDevices(deps: Pick<Deps, 'db'>, userId: string): Promise<Device[]> {
  const rows = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt));
  return rows.map(toDevice);
}

/** Removes one of the member's devices by id or endpoint; answers whether one was removed. */
export async function removeDevice(deps: Pick<Deps, 'db'>, userId: string, which: { id: string } | { endpoint: string }): Promise<boolean> {
  const match = 'id' in which ? eq(pushSubscriptions.id, which.id) : eq(pushSubscriptions.endpoint, which.endpoint);
  const removed = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), match))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}
