import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { buildDeps } from '../build-deps';
import * as schema from '../db/schema';
import { syncSubscription } from './sync';

/** A member who paid a test-mode checkout: an active subscription, stored and Premium. */
async function subscribedMember() {
  const member = await signedInMember();
  const { url } = await bodyOf(await post('/subscriptions/checkout', { plan: 'monthly' }, { token: member.jwt }));
  const checkoutId = decodeURIComponent(url.split('/').at(-1)!);
  expect((await post(`/subscriptions/test-mode/checkouts/${checkoutId}/complete`, undefined, { token: member.jwt })).status).toBe(200);
  const { subscription } = await bodyOf(await get('/subscriptions/requests', { token: member.jwt }));
  return { member, subscriptionId: subscription._id as string };
}

/** The D1 binding, except that right before each batch another sync stores `canceled` for `subscriptionId`. */
function canceledBeforeEachBatch(subscriptionId: string): D1Database {
  return new Proxy(env.DB, {
    get(target, key) {
      if (key === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          await target.prepare("UPDATE subscriptions SET status = 'canceled', ended_at = ? WHERE id = ?").bind(new Date().toISOString(), subscriptionId).run();
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('two syncs of one subscription racing', { timeout: 30_000 }, () => {
  it('an older "active" read written after "canceled" was stored leaves the subscription canceled and the member free', async () => {
    const { member, subscriptionId } = await subscribedMember();
    const deps = { ...buildDeps(env), db: drizzle(canceledBeforeEachBatch(subscriptionId), { schema }) };
    // The provider's books still say active (the read that raced); the row is active when read, canceled when written.
    const result = await syncSubscription(deps, subscriptionId);
    expect(result?.subscription.status).toBe('canceled');
    const stored = await env.DB.prepare('SELECT status FROM subscriptions WHERE id = ?').bind(subscriptionId).first<{ status: string }>();
    expect(stored?.status).toBe('canceled');
    expect((await bodyOf(await get('/auth/me', { token: member.jwt }))).role.type).toBe('free');
  });
});
