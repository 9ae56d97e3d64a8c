/**
 * Provider webhooks: verified (signature, secret and age), recorded by event id so that a
 * repeat changes nothing, then applied by reading the subscription's current state.
 */
import { eq } from 'drizzle-orm';
import { type Deps, WebhookRejected } from '../deps';
import { billingWebhookEvents } from '../db/schema';
import { ApiError } from '../errors';
import { BILLING_MESSAGES } from './messages';
import { syncSubscription } from './sync';

/**
 * Handles one webhook delivery: 400 (nothing changed) when it fails verification; a known
 * event id answers `duplicate` and changes nothing; an event about no subscription (an
 * unknown type) is recorded and otherwise ignored. When applying fails, the record is
 * removed again so that the provider's retry is applied.
 */
export async function handleWebhook(
  deps: Pick<Deps, 'db' | 'clock' | 'live' | 'mailer' | 'config' | 'billing' | 'notifications'>,
  body: string,
  signature: string | undefined,
): Promise<{ duplicate: boolean }> {
  const event = await deps.billing.verifyWebhook(body, signature).catch((error: unknown) => {
    if (error instanceof WebhookRejected) throw new ApiError(400, BILLING_MESSAGES.badSignature, { reason: error.message });
    throw error;
  });
  const recorded = await deps.db
    .insert(billingWebhookEvents)
    .values({ eventId: event.id, type: event.type, receivedAt: deps.clock.now().toISOString() })
    .onConflictDoNothing()
    .returning({ eventId: billingWebhookEvents.eventId });
  if (recorded.length === 0) return { duplicate: true };
  try {
    const subscriptionId = event.subscriptionId ?? (event.checkoutId ? ((await deps.billing.readCheckout(event.checkoutId))?.subscriptionId ?? null) : null);
    if (subscriptionId) await syncSubscription(deps, subscriptionId);
  } catch (error) {
    await deps.db.delete(billingWebhookEvents).where(eq(billingWebhookEvents.eventId, event.id));
    throw error;
  }
  return { duplicate: false };
}
