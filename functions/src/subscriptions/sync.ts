/**
 * Applying the provider's current state of a subscription: the one path by which paid
 * Premium changes (webhooks, the checkout return page, the member's own actions, test
 * mode). It never trusts an event's snapshot: it reads the subscription from the provider,
 * so events arriving twice or out of order converge on the same state.
 */
import { idFrom } from '../db/ids';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Deps, ProviderSubscription } from '../deps';
import type { Emits } from '../ports/live';
import { billingCustomers, subscriptionEvents, subscriptions, type SubscriptionRow } from '../db/schema';
import { runBatch } from '../db/batch';
import { applyPremium, givesPremium, PREMIUM_STATUSES } from './premium-state';
import type { BillingLiveEvents } from './live-events';
import { noticePaymentFailed } from './notices';
import { tellLive } from '../notifications/deliver';

type SyncDeps = Pick<Deps, 'db' | 'clock' | 'live' | 'mailer' | 'config' | 'billing' | 'notifications'>;
type EventKind = (typeof subscriptionEvents.$inferInsert)['kind'];

/** Statuses after which a subscription never comes back (Stripe's canceled and incomplete_expired). */
const FINAL_STATUS_LIST = ['canceled', 'incomplete_expired'] as const;
const FINAL_STATUSES = new Set<string>(FINAL_STATUS_LIST);
const FINAL_SQL = sql.join(
  FINAL_STATUS_LIST.map((status) => sql`${status}`),
  sql`, `,
);
/**
 * The upsert's condition: a stored final status is only ever replaced by a final one, in
 * the same statement, so two syncs racing (one read the row before the other ended it)
 * can never bring an ended subscription back.
 */
const KEEPS_FINAL = sql`${subscriptions.status} NOT IN (${FINAL_SQL}) OR excluded.status IN (${FINAL_SQL})`;
/** Statuses that end Premium for good or until paid: the subscription counts as ended. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired', 'unpaid']);

type State = Pick<SubscriptionRow, 'status' | 'plan' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>;

/** The history a change from `before` (null: first seen) to `now` adds, in the order it happened. */
export function transitions(before: State | null, now: State): EventKind[] {
  const kinds: EventKind[] = [];
  const wasPremium = before !== null && givesPremium(before.status);
  const isPremium = givesPremium(now.status);
  const wasEnded = before !== null && ENDED_STATUSES.has(before.status);
  if (!wasPremium && isPremium) kinds.push('started');
  if (wasPremium && isPremium && now.currentPeriodEnd > before.currentPeriodEnd) kinds.push('renewed');
  if (before?.status !== 'past_due' && now.status === 'past_due') kinds.push('payment_failed');
  if (before !== null && before.plan !== now.plan) kinds.push('plan_switched');
  if (!ENDED_STATUSES.has(now.status)) {
    if (!before?.cancelAtPeriodEnd && now.cancelAtPeriodEnd) kinds.push('cancel_asked');
    if (before?.cancelAtPeriodEnd && !now.cancelAtPeriodEnd) kinds.push('undone');
  }
  if (!wasEnded && ENDED_STATUSES.has(now.status) && (before !== null || kinds.length === 0)) kinds.push('ended');
  return kinds;
}

/**
 * A history id that two syncs of the same change share (they read the same stored row,
 * updated at `storedAt`), so a race between them (a webhook and the return page at once)
 * stores each event once, while the same change made again later gets a new id.
 */
function historyId(subscriptionId: string, kind: EventKind, storedAt: string | null, now: State): Promise<string> {
  return idFrom(JSON.stringify([subscriptionId, kind, storedAt, now]));
}

const stateOf = (row: SubscriptionRow | ProviderSubscription): State => ({
  status: row.status,
  plan: row.plan,
  currentPeriodEnd: row.currentPeriodEnd,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
});

/** The history detail of a duplicate subscription ended at once. */
export const DUPLICATE_DETAIL = 'duplicate';

async function otherLiveSubscription(deps: Pick<Deps, 'db'>, userId: string, subscriptionId: string): Promise<boolean> {
  const [other] = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.id, subscriptionId), inArray(subscriptions.status, [...PREMIUM_STATUSES])))
    .limit(1);
  return other !== undefined;
}

export type SyncResult = { userId: string; subscription: SubscriptionRow; added: EventKind[] };

/**
 * Reads `subscriptionId` from the provider and applies it: the stored row, its history,
 * the member's Premium (`role.type`), the payment-failed notice, and the live `billing`
 * event to the member's open tabs when anything changed. Answers null when the
 * provider does not know it or it belongs to no member of ours. A read that would bring an
 * ended subscription back is a stale one and changes nothing.
 */
export async function syncSubscription(deps: SyncDeps, subscriptionId: string): Promise<SyncResult | null> {
  const read = await deps.billing.readSubscription(subscriptionId);
  if (!read) return null;
  let current = read;
  // Independent reads, side by side: each D1 round trip is most of a webhook's time.
  const [[owner], [stored]] = await Promise.all([
    deps.db.select({ userId: billingCustomers.userId }).from(billingCustomers).where(eq(billingCustomers.customerId, current.customerId)),
    deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)),
  ]);
  if (!owner) {
    console.warn(`subscription ${subscriptionId} belongs to unknown customer ${current.customerId}`);
    return null;
  }
  const userId = owner.userId;
  if (stored && FINAL_STATUSES.has(stored.status) && !FINAL_STATUSES.has(current.status)) {
    return { userId, subscription: stored, added: [] };
  }
  // A second subscription bought while one is live (two checkouts in two tabs): ended at once, never applied.
  const duplicate = !stored && givesPremium(current.status) && (await otherLiveSubscription(deps, userId, subscriptionId));
  if (duplicate) {
    console.warn(`subscription ${subscriptionId} duplicates a live one of member ${userId}: canceling it`);
    current = await deps.billing.cancelNow(subscriptionId);
  }
  const before = stored ? stateOf(stored) : null;
  const now = stateOf(current);
  const added = transitions(before, now);
  const at = deps.clock.now().toISOString();
  const endedAt = ENDED_STATUSES.has(current.status) ? (current.endedAt ?? stored?.endedAt ?? at) : null;
  const values = { ...now, endedAt, updatedAt: at };
  const history = await Promise.all(
    added.map(async (kind) => ({
      id: await historyId(subscriptionId, kind, stored?.updatedAt ?? null, now),
      userId,
      subscriptionId,
      kind,
      plan: current.plan,
      detail: kind === 'renewed' || kind === 'started' ? current.currentPeriodEnd : kind === 'cancel_asked' ? (stored?.cancelReason ?? null) : duplicate ? DUPLICATE_DETAIL : null,
      createdAt: at,
    })),
  );
  await runBatch(deps.db, [
    deps.db
      .insert(subscriptions)
      .values({ id: subscriptionId, userId, customerId: current.customerId, createdAt: at, ...values })
      .onConflictDoUpdate({ target: subscriptions.id, set: values, setWhere: KEEPS_FINAL }),
    ...(history.length ? [deps.db.insert(subscriptionEvents).values(history).onConflictDoNothing()] : []),
  ]);
  // Premium follows the row as stored, which a racing sync may have ended meanwhile.
  const [subscription] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  const kept = subscription!.status === current.status;
  // Lost to an ended row: the history this call added in the same batch describes a change that never stuck.
  if (!kept && history.length)
    await deps.db.delete(subscriptionEvents).where(
      inArray(
        subscriptionEvents.id,
        history.map((event) => event.id),
      ),
    );
  const premium = await applyPremium(deps, userId);
  if (kept && added.includes('payment_failed')) await noticePaymentFailed(deps, userId, subscriptionId, current.currentPeriodEnd);
  if (added.length > 0 || premium.changed) await tellOpenTabs(deps, userId, premium.premium, subscription!.status, kept ? added : []);
  return { userId, subscription: subscription!, added: kept ? added : [] };
}

/** The live `billing` event to every open tab of the member; a failed send is logged, never failing the sync. */
async function tellOpenTabs(deps: Emits<BillingLiveEvents>, userId: string, premium: boolean, status: string, changes: EventKind[]): Promise<void> {
  try {
    await tellLive(deps, userId, 'billing', { premium, status, changes });
  } catch (error) {
    console.error(`billing live event to ${userId} failed`, error);
  }
}
