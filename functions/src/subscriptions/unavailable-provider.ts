/**
 * The payment provider of a deployment that has no Stripe key: nothing is sold. The
 * test-mode provider stays a development tool (ENVIRONMENT=development) so that a deployed
 * worker whose key is missing never lets members pay themselves Premium on its test pages.
 */
import { type BillingPlan, type BillingProvider, type PlanPrice, WebhookRejected } from '../deps';
import { ApiError } from '../errors';
import { BILLING_MESSAGES } from './messages';

const notOnSale = async (): Promise<never> => {
  throw new ApiError(503, BILLING_MESSAGES.notOnSale);
};

/** Every billing call answers 503; webhooks are refused as unverifiable. */
export function unavailableProvider(prices: Record<BillingPlan, PlanPrice>): BillingProvider {
  return {
    mode: 'off',
    prices,
    createCustomer: notOnSale,
    createCheckout: notOnSale,
    readCheckout: notOnSale,
    readSubscription: notOnSale,
    cancelAtPeriodEnd: notOnSale,
    undoCancel: notOnSale,
    switchPlan: notOnSale,
    cancelNow: notOnSale,
    portalUrl: notOnSale,
    async verifyWebhook() {
      throw new WebhookRejected('no Stripe key is configured');
    },
  };
}
