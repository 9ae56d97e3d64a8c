import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';

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
