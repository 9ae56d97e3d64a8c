/**
 * Billing settings from the worker's env. With STRIPE_SECRET_KEY set, Premium is sold through
 * Stripe; without it the app's own test-mode checkout stands in (local `npm start`).
 */
import type { BillingPlan, PlanPrice } from '../deps';

export type StripeSettings = {
  secretKey: string;
  /** The signing secret of the webhook endpoint (whsec_…); without it every webhook is refused. */
  webhookSecret: string | null;
  /** Stripe's Price id for each plan. */
  priceIds: Record<BillingPlan, string>;
  /** Where the SDK sends its calls: Stripe's API unless a stand-in is configured (tests). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

export type BillingConfig = { prices: Record<BillingPlan, PlanPrice>; stripe: StripeSettings | null };

/** Shown on the plans page and charged in test mode: US$15 a month, US$144 a year. */
export const DEFAULT_PRICES: Record<BillingPlan, PlanPrice> = {
  monthly: { amount: 1500, currency: 'usd' },
  yearly: { amount: 14400, currency: 'usd' },
};

export type BillingVars = {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PRICE_MONTHLY?: string;
  STRIPE_PRICE_YEARLY?: string;
  STRIPE_API_HOST?: string;
  STRIPE_API_PORT?: string;
  STRIPE_API_PROTOCOL?: string;
  PREMIUM_PRICE_MONTHLY_CENTS?: string;
  PREMIUM_PRICE_YEARLY_CENTS?: string;
  PREMIUM_CURRENCY?: string;
};

function cents(raw: string | undefined, fallback: number): number {
  const value = Number(raw?.trim() || Number.NaN);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Reads the billing settings, falling back to the documented defaults. */
export function readBillingConfig(vars: BillingVars): BillingConfig {
  const currency = vars.PREMIUM_CURRENCY?.trim().toLowerCase() || DEFAULT_PRICES.monthly.currency;
  const prices = {
    monthly: { amount: cents(vars.PREMIUM_PRICE_MONTHLY_CENTS, DEFAULT_PRICES.monthly.amount), currency },
    yearly: { amount: cents(vars.PREMIUM_PRICE_YEARLY_CENTS, DEFAULT_PRICES.yearly.amount), currency },
  };
  const secretKey = vars.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return { prices, stripe: null };
  const port = Number(vars.STRIPE_API_PORT);
  const protocol = vars.STRIPE_API_PROTOCOL?.trim();
  return {
    prices,
    stripe: {
      secretKey,
      webhookSecret: vars.STRIPE_WEBHOOK_SECRET?.trim() || null,
      priceIds: { monthly: vars.STRIPE_PRICE_MONTHLY?.trim() ?? '', yearly: vars.STRIPE_PRICE_YEARLY?.trim() ?? '' },
      ...(vars.STRIPE_API_HOST?.trim() ? { host: vars.STRIPE_API_HOST.trim() } : {}),
      ...(Number.isInteger(port) && port > 0 ? { port } : {}),
      ...(protocol === 'http' || protocol === 'https' ? { protocol } : {}),
    },
  };
}
