/** The wire shapes of /subscriptions: plans, the member's subscription, its history and actions. */
import { z } from '@hono/zod-openapi';
import { billingPlans, subscriptionEventKinds } from '../db/schema';
import { PageQuerySchema, pagedSchema } from '../members/schemas';

export const CANCEL_REASON_MAX_LENGTH = 500;

export const PlanSchema = z.enum(billingPlans).openapi({ description: '`monthly` or `yearly`.' });

export const PlanPriceSchema = z
  .object({ plan: PlanSchema, amount: z.number().int().openapi({ description: 'In the smallest unit of the currency (cents).' }), currency: z.string() })
  .openapi('PlanPrice');

export const PlansSchema = z
  .object({ plans: z.array(PlanPriceSchema), testMode: z.boolean().openapi({ description: 'true: no Stripe key is configured; checkout is the app’s own test page.' }) })
  .openapi('Plans');

export const CheckoutBodySchema = z.object({ plan: PlanSchema }).openapi('CheckoutBody');
export const UrlSchema = z.object({ url: z.string() }).openapi('BillingUrl');

export const ConfirmBodySchema = z
  .object({ sessionId: z.string().trim().min(1).max(200).openapi({ description: 'The checkout id from the return address.' }) })
  .openapi('CheckoutConfirmBody');

export const SubscriptionSchema = z
  .object({
    _id: z.string(),
    plan: PlanSchema,
    status: z.string().openapi({ description: 'The provider’s status: active, trialing, past_due, canceled, unpaid, incomplete, …' }),
    premium: z.boolean().openapi({ description: 'Whether this subscription gives Premium now (active, trialing or past_due).' }),
    currentPeriodEnd: z.string().openapi({ description: 'Next renewal, or the end when a cancellation is pending.' }),
    cancelAtPeriodEnd: z.boolean(),
    cancelReason: z.string().nullable(),
    endedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('Subscription');

export const SubscriptionEventSchema = z
  .object({ _id: z.string(), kind: z.enum(subscriptionEventKinds), plan: PlanSchema.nullable(), detail: z.string().nullable(), createdAt: z.string() })
  .openapi('SubscriptionEvent');

export const SubscriptionHistorySchema = pagedSchema(SubscriptionEventSchema, 'SubscriptionEventPage')
  .extend({
    subscription: SubscriptionSchema.nullable().openapi({ description: 'The latest subscription, or null for a member who never bought Premium.' }),
    granted: z.boolean().openapi({ description: 'Premium given by an administrator (never billed).' }),
  })
  .openapi('SubscriptionHistory');

export const HistoryQuerySchema = PageQuerySchema;

export const CancelBodySchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(CANCEL_REASON_MAX_LENGTH)
      .nullish()
      .openapi({ description: `Optional, up to ${CANCEL_REASON_MAX_LENGTH} characters.` }),
  })
  .openapi('CancelBody');

export const CancelStatusSchema = z
  .object({
    pending: z.boolean().openapi({ description: 'A cancellation is asked and takes effect at `endsAt`.' }),
    endsAt: z.string().nullable().openapi({ description: 'When Premium ends (pending only).' }),
    subscription: SubscriptionSchema.nullable(),
  })
  .openapi('CancelStatus');

export const ManageBodySchema = z
  .discriminatedUnion('action', [z.object({ action: z.literal('undo') }), z.object({ action: z.literal('switch'), plan: PlanSchema }), z.object({ action: z.literal('portal') })])
  .openapi('ManageBody', { description: '`undo` a pending cancellation, `switch` plan, or get the billing `portal` address.' });

export const ManageResultSchema = z
  .object({ subscription: SubscriptionSchema.nullable(), url: z.string().nullable().openapi({ description: 'The billing portal address (`portal` only).' }) })
  .openapi('ManageResult');

export const WebhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() }).openapi('WebhookReceipt');

export const TestCheckoutSchema = z
  .object({ _id: z.string(), plan: PlanSchema, status: z.enum(['open', 'complete', 'expired']), amount: z.number().int(), currency: z.string() })
  .openapi('TestCheckout');

export const TestActionParamSchema = z.object({
  action: z.enum(['fail-renewal', 'renew', 'end']).openapi({ param: { name: 'action', in: 'path' }, description: 'What the test provider does to the subscription.' }),
});

export const TestCheckoutParamSchema = z.object({
  checkoutId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'checkoutId', in: 'path' } }),
});

export const TestCheckoutActionParamSchema = TestCheckoutParamSchema.extend({
  action: z.enum(['complete', 'abandon']).openapi({ param: { name: 'action', in: 'path' } }),
});

export type Subscription = z.infer<typeof SubscriptionSchema>;
export type SubscriptionEvent = z.infer<typeof SubscriptionEventSchema>;
export type SubscriptionHistory = z.infer<typeof SubscriptionHistorySchema>;
export type CancelStatus = z.infer<typeof CancelStatusSchema>;
export type ManageInput = z.infer<typeof ManageBodySchema>;
export type Plans = z.infer<typeof PlansSchema>;
export type TestCheckout = z.infer<typeof TestCheckoutSchema>;
