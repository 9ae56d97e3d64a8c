/**
 * Helpers for tests of the Stripe adapter: the env that points the real SDK at the
 * loopback stand-in, the stand-in's control calls, and webhook deliveries signed by the
 * SDK's own test helper.
 */
import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { inject } from 'vitest';
import { call } from './api';

export const WEBHOOK_SECRET = 'whsec_test_stand_in_secret';
export const standInUrl = () => `http://127.0.0.1:${inject('stripeStandInPort')}`;

/** The worker env with Stripe configured against the stand-in. */
export function stripeEnv(overrides: Record<string, string> = {}): Env {
  return {
    ...env,
    STRIPE_SECRET_KEY: 'sk_test_stand_in',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: 'price_monthly',
    STRIPE_PRICE_YEARLY: 'price_yearly',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(inject('stripeStandInPort')),
    STRIPE_API_PROTOCOL: 'http',
    ...overrides,
  } as Env;
}

/** Sets a subscription's state on the stand-in (Stripe's side); answers its id. */
export async function setStripeSubscription(state: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${standInUrl()}/__control/subscriptions`, { method: 'POST', body: JSON.stringify(state) });
  return ((await response.json()) as { id: string }).id;
}

/** Pays a checkout on the stand-in; answers the new subscription's id. */
export async function payStripeCheckout(checkoutId: string): Promise<string> {
  const response = await fetch(`${standInUrl()}/__control/checkouts/${checkoutId}/complete`, { method: 'POST' });
  return ((await response.json()) as { subscription: string }).subscription;
}

const signer = new Stripe('sk_test_stand_in', { httpClient: Stripe.createFetchHttpClient() });
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** A Stripe-Signature header for `payload`, made by the SDK's test helper. */
export function signatureFor(payload: string, options: { secret?: string; timestamp?: number } = {}): Promise<string> {
  return signer.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp, cryptoProvider });
}

let eventSequence = 0;

/** An event body as Stripe sends it. */
export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_${crypto.randomUUID().replaceAll('-', '')}_${++eventSequence}`): string {
  return JSON.stringify({ id, object: 'event', type, api_version: '2026-10-29', created: Math.floor(Date.now() / 1000), data: { object } });
}

/** Delivers a webhook body with a signature (or the one given) to the app in Stripe mode. */
export async function deliver(body: string, signature?: string | null): Promise<Response> {
  const headers: Record<string, string> = {};
  const header = signature === undefined ? await signatureFor(body) : signature;
  if (header !== null) headers['Stripe-Signature'] = header;
  return call('POST', '/subscriptions/webhook', body, { headers, env: stripeEnv() });
}
