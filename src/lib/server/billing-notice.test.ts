import { describe, expect, test, vi } from 'vitest';

vi.mock('cloudflare:workers', () => ({ env: {} }));

import { createFakeApi } from './fake-api';
import { loadPaymentFailed } from './billing-notice';
import { createFakeCookieJar } from '../session/fake-cookie-jar';

const feed = new URL('http://127.0.0.1:4402/feed');
const subscription = (status: string) => ({
  pending: false,
  endsAt: null,
  subscription: {
    _id: 'sub_1',
    plan: 'monthly',
    status,
    premium: true,
    currentPeriodEnd: '2026-12-25T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    cancelReason: null,
    endedAt: null,
    createdAt: '2026-11-25T00:00:00.000Z',
  },
});

describe('loadPaymentFailed', () => {
  test('a Premium member whose renewal failed gets the banner, asked with their token', async () => {
    const api = createFakeApi(() => Response.json(subscription('past_due')));
    expect(await loadPaymentFailed(createFakeCookieJar({ token: 'jwt' }).jar, feed, true, { fetchApi: api.fetchApi })).toBe(true);
    expect(api.received[0]!.url.pathname).toBe('/subscriptions/cancel-status');
    expect(api.received[0]!.headers.get('authorization')).toBe('Bearer jwt');
  });

  test('an active subscription, or none (an admin grant), shows no banner', async () => {
    for (const answer of [subscription('active'), { pending: false, endsAt: null, subscription: null }]) {
      const api = createFakeApi(() => Response.json(answer));
      expect(await loadPaymentFailed(createFakeCookieJar({ token: 'jwt' }).jar, feed, true, { fetchApi: api.fetchApi })).toBe(false);
    }
  });

  test('free members and visitors cost no call', async () => {
    const api = createFakeApi(() => Response.json(subscription('past_due')));
    expect(await loadPaymentFailed(createFakeCookieJar({ token: 'jwt' }).jar, feed, false, { fetchApi: api.fetchApi })).toBe(false);
    expect(await loadPaymentFailed(createFakeCookieJar().jar, feed, true, { fetchApi: api.fetchApi })).toBe(false);
    expect(api.received).toHaveLength(0);
  });

  test('billing settings show their own banner, so the shell asks nothing there', async () => {
    const api = createFakeApi(() => Response.json(subscription('past_due')));
    for (const path of ['/settings/billing', '/settings/billing/test-portal']) {
      expect(await loadPaymentFailed(createFakeCookieJar({ token: 'jwt' }).jar, new URL(path, feed), true, { fetchApi: api.fetchApi })).toBe(false);
    }
    expect(api.received).toHaveLength(0);
  });

  test('a failed read shows the page without the banner', async () => {
    const api = createFakeApi(() => new Response('down', { status: 503 }));
    expect(await loadPaymentFailed(createFakeCookieJar({ token: 'jwt' }).jar, feed, true, { fetchApi: api.fetchApi })).toBe(false);
  });
});
