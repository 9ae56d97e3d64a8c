import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { stripeEnv } from '../../test/stripe';

/** A deployed worker (ENVIRONMENT=production) whose Stripe key has not been set. */
const productionWithoutStripe = { ...env, ENVIRONMENT: 'production', STRIPE_SECRET_KEY: '' } as Env;

describe('billing outside development without a Stripe key', { timeout: 30_000 }, () => {
  it('offers no test-mode checkout: nobody can make themselves Premium for free', async () => {
    const member = await signedInMember();
    const options = { token: member.jwt, env: productionWithoutStripe };
    expect(await bodyOf(await get('/subscriptions/plans', { env: productionWithoutStripe }))).toMatchObject({ testMode: false });

    const checkout = await post('/subscriptions/checkout', { plan: 'monthly' }, options);
    expect(checkout.status).toBe(503);
    expect(await bodyOf(checkout)).toMatchObject({ status: 503, message: 'Premium is not on sale yet.' });

    // A checkout opened in test mode elsewhere cannot be paid here either.
    const { url } = await bodyOf(await post('/subscriptions/checkout', { plan: 'monthly' }, { token: member.jwt }));
    const checkoutId = decodeURIComponent(url.split('/').at(-1)!);
    expect((await post(`/subscriptions/test-mode/checkouts/${checkoutId}/complete`, undefined, options)).status).toBe(404);
    expect((await post('/subscriptions/test-mode/subscription/renew', undefined, options)).status).toBe(404);
    expect((await get('/auth/me', { token: member.jwt }).then(bodyOf)).role.type).toBe('free');
  });
});

describe('billing with a Stripe key but no Price ids', { timeout: 30_000 }, () => {
  it.each([
    ['monthly', 'STRIPE_PRICE_MONTHLY'],
    ['yearly', 'STRIPE_PRICE_YEARLY'],
  ])('checkout of %s without %s answers 503 "not on sale" and logs the missing variable', async (plan, variable) => {
    const member = await signedInMember();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const checkout = await post('/subscriptions/checkout', { plan }, { token: member.jwt, env: stripeEnv({ [variable]: '' }) });
      expect(checkout.status).toBe(503);
      expect(await bodyOf(checkout)).toMatchObject({ status: 503, message: 'Premium is not on sale yet.' });
      expect(errors.mock.calls.map((call) => String(call[0]))).toContainEqual(expect.stringContaining(variable));
    } finally {
      errors.mockRestore();
    }
    expect((await get('/auth/me', { token: member.jwt }).then(bodyOf)).role.type).toBe('free');
  });
});
