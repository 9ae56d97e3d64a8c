/**
 * /subscriptions (docs/product.md#premium-and-billing): plans, checkout and its return-page sync, history,
 * cancel, cancel status, manage, the Stripe webhook, and the test-mode checkout's buttons.
 * Every route but the plans and the webhook is the signed-in member's own.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { MEMBERS, routesFor } from '../session/guards';
import { newRouter } from '../http/context';
import { limitPerMember } from '../http/rate-limit-guards';
import { RATE_LIMITS } from '../rate-limit/policies';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { BILLING_MESSAGES as M } from './messages';
import {
  CancelBodySchema,
  CancelStatusSchema,
  CheckoutBodySchema,
  ConfirmBodySchema,
  HistoryQuerySchema,
  ManageBodySchema,
  ManageResultSchema,
  PlansSchema,
  SubscriptionHistorySchema,
  SubscriptionSchema,
  TestActionParamSchema,
  TestCheckoutActionParamSchema,
  TestCheckoutParamSchema,
  TestCheckoutSchema,
  UrlSchema,
  WebhookReceiptSchema,
} from './schemas';
import { cancelStatus, cancelSubscription, confirmCheckout, manageSubscription, startCheckout, subscriptionHistory } from './service';
import { handleWebhook } from './webhook';
import { actOnTestCheckout, actOnTestSubscription, readTestCheckout } from './test-mode';
import { PUBLIC_SECURITY } from '../openapi/security';

const memberRoute = routesFor(MEMBERS);

const doc = { tags: ['Subscriptions'] };
const testDoc = { tags: ['Subscriptions (test mode)'] };

/** Each checkout and each change of a subscription calls Stripe: per-member limits. */
const limitCheckouts = limitPerMember('checkoutsByMember', 'checkouts');
const limitBillingChanges = limitPerMember('billingChangesByMember', 'subscription changes');
const CHECKOUTS_LIMITED = `At most ${RATE_LIMITS.checkoutsByMember.limit} checkouts an hour. \`Retry-After\` says when to try again.`;
const BILLING_LIMITED = `At most ${RATE_LIMITS.billingChangesByMember.limit} confirmations, cancellations and plan changes an hour, together. \`Retry-After\` says when to try again.`;

export const subscriptionRoutes = newRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/plans',
      security: PUBLIC_SECURITY,
      tags: ['Subscriptions'],
      summary: 'Premium plans and their prices',
      description: 'Public. Prices come from configuration (PREMIUM_PRICE_MONTHLY_CENTS, PREMIUM_PRICE_YEARLY_CENTS, PREMIUM_CURRENCY).',
      responses: { 200: jsonResponse(PlansSchema, 'The plans.'), ...errorResponses([]) },
    }),
    (c) => {
      const { prices, mode } = c.get('deps').billing;
      return c.json({ plans: (['monthly', 'yearly'] as const).map((plan) => ({ plan, ...prices[plan] })), testMode: mode === 'test' }, 200);
    },
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/checkout',
      ...doc,
      summary: 'Start buying Premium',
      description: 'Creates your payment customer on first use and answers the checkout address. With no Stripe key configured, the address is the app’s own test-mode checkout.',
      middleware: [limitCheckouts] as const,
      request: jsonBody(CheckoutBodySchema),
      responses: { 200: jsonResponse(UrlSchema, 'Where to pay.'), ...errorResponses([...JSON_BODY_ERRORS, 401, 409, 429], { 429: CHECKOUTS_LIMITED, 409: M.alreadySubscribed }) },
    }),
    async (c) => c.json(await startCheckout(c.get('deps'), c.get('account').user.id, c.req.valid('json').plan), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/checkout/confirm',
      ...doc,
      summary: 'Apply a paid checkout now',
      description:
        'The return page calls this with the checkout id so Premium shows without waiting for the webhook. It reads the subscription from the provider, like the webhook does.',
      middleware: [limitBillingChanges] as const,
      request: jsonBody(ConfirmBodySchema),
      responses: {
        200: jsonResponse(SubscriptionSchema, 'The subscription, applied.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 404, 409, 429], { 429: BILLING_LIMITED, 404: M.checkoutNotFound, 409: M.checkoutOpen }, [404]),
      },
    }),
    async (c) => c.json(await confirmCheckout(c.get('deps'), c.get('account').user.id, c.req.valid('json').sessionId), 200),
  )
  .openapi(
    memberRoute({
      method: 'get',
      path: '/requests',
      ...doc,
      summary: 'Your subscription and its history',
      description: 'The latest subscription and its history (started, renewed, payment failed, cancel asked, undone, plan switched, ended; admin grants too), newest first, paged.',
      request: { query: HistoryQuerySchema },
      responses: { 200: jsonResponse(SubscriptionHistorySchema, 'One page of history.'), ...errorResponses([400, 401]) },
    }),
    async (c) => c.json(await subscriptionHistory(c.get('deps'), c.get('account').user.id, c.req.valid('query')), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/cancel',
      ...doc,
      summary: 'Cancel at the end of the paid period',
      description: 'Premium stays until the period ends. The optional reason is kept with the subscription.',
      middleware: [limitBillingChanges] as const,
      request: jsonBody(CancelBodySchema),
      responses: {
        200: jsonResponse(CancelStatusSchema, 'The pending cancellation.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 404, 409, 429], { 429: BILLING_LIMITED, 404: M.noSubscription, 409: M.alreadyCancelled }),
      },
    }),
    async (c) => c.json(await cancelSubscription(c.get('deps'), c.get('account').user.id, c.req.valid('json').reason ?? null), 200),
  )
  .openapi(
    memberRoute({
      method: 'get',
      path: '/cancel-status',
      ...doc,
      summary: 'Whether a cancellation is pending',
      responses: { 200: jsonResponse(CancelStatusSchema, 'Pending or not, and when Premium ends.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await cancelStatus(c.get('deps'), c.get('account').user.id), 200),
  )
  .openapi(
    memberRoute({
      method: 'patch',
      path: '/manage',
      ...doc,
      summary: 'Undo a cancellation, switch plan, or open the billing portal',
      middleware: [limitBillingChanges] as const,
      request: jsonBody(ManageBodySchema),
      responses: {
        200: jsonResponse(ManageResultSchema, 'The subscription afterwards, or the portal address.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 404, 409, 429], {
          429: BILLING_LIMITED,
          404: `${M.noSubscription} / ${M.noCustomer}`,
          409: `${M.notPending} / ${M.samePlan}`,
        }),
      },
    }),
    async (c) => c.json(await manageSubscription(c.get('deps'), c.get('account').user.id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/webhook',
      security: PUBLIC_SECURITY,
      tags: ['Subscriptions'],
      summary: 'Stripe webhook',
      description:
        'Called by Stripe, not by members: no session, verified by the `Stripe-Signature` header (HMAC with the endpoint secret, at most 300 s old). Each event id is applied once; the subscription is read from Stripe, never from the event. Unknown event types get 200.',
      request: {
        headers: z.object({ 'stripe-signature': z.string().optional().openapi({ description: 'Stripe’s signature header.' }) }),
        body: { required: true, content: { 'application/json': { schema: z.object({ id: z.string(), type: z.string() }).passthrough().openapi('StripeEvent') } } },
      },
      responses: { 200: jsonResponse(WebhookReceiptSchema, 'Received.'), ...errorResponses([400], { 400: M.badSignature }) },
    }),
    // The raw body is read (not c.req.valid): the signature covers the exact bytes.
    async (c) => c.json({ received: true as const, ...(await handleWebhook(c.get('deps'), await c.req.text(), c.req.header('stripe-signature'))) }, 200),
  )
  .openapi(
    memberRoute({
      method: 'get',
      path: '/test-mode/checkouts/{checkoutId}',
      ...testDoc,
      summary: 'A test-mode checkout of yours',
      description: 'Only without a Stripe key (404 otherwise).',
      request: { params: TestCheckoutParamSchema },
      responses: { 200: jsonResponse(TestCheckoutSchema, 'The checkout.'), ...errorResponses([400, 401, 404], { 404: M.checkoutNotFound }) },
    }),
    async (c) => c.json(await readTestCheckout(c.get('deps'), c.get('account').user.id, c.req.valid('param').checkoutId), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/test-mode/checkouts/{checkoutId}/{action}',
      ...testDoc,
      summary: 'Pay or abandon a test-mode checkout',
      description: 'Only without a Stripe key (404 otherwise). Paying starts the subscription and applies it as Stripe’s events would.',
      request: { params: TestCheckoutActionParamSchema },
      responses: { 200: jsonResponse(TestCheckoutSchema, 'The checkout afterwards.'), ...errorResponses([400, 401, 404, 409], { 404: M.checkoutNotFound }) },
    }),
    async (c) => {
      const { checkoutId, action } = c.req.valid('param');
      return c.json(await actOnTestCheckout(c.get('deps'), c.get('account').user.id, checkoutId, action), 200);
    },
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/test-mode/subscription/{action}',
      ...testDoc,
      summary: 'Make the test provider renew, fail a renewal or end your subscription',
      description: 'Only without a Stripe key (404 otherwise). The change is applied as Stripe’s events would be.',
      request: { params: TestActionParamSchema },
      responses: { 200: jsonResponse(SubscriptionSchema, 'The subscription afterwards.'), ...errorResponses([400, 401, 404], { 404: M.noSubscription }) },
    }),
    async (c) => c.json(await actOnTestSubscription(c.get('deps'), c.get('account').user.id, c.req.valid('param').action), 200),
  );
