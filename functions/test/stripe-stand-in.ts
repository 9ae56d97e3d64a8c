/**
 * A small loopback HTTP stand-in for the few Stripe endpoints billing uses, so the real
 * `stripe` SDK can be exercised without network (stripe-mock is a Go binary, not on npm).
 * Runs in Node: vitest's global setup starts it for the API tests, and bench/billing.mjs
 * for the bench. Tests set the provider's state through `/__control/…`.
 *
 * Erasable TypeScript only (Node runs it as is).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Sub = {
  id: string;
  customer: string;
  status: string;
  price: string;
  interval: 'month' | 'year';
  current_period_end: number;
  cancel_at_period_end: boolean;
  ended_at: number | null;
  created: number;
  metadata: Record<string, string>;
};
type Checkout = { id: string; customer: string; status: 'open' | 'complete' | 'expired'; subscription: string | null; url: string; price: string };

export type StandIn = { url: string; port: number; close(): Promise<void>; requests(): number };

function subscriptionObject(sub: Sub) {
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancel_at_period_end,
    ended_at: sub.ended_at,
    created: sub.created,
    metadata: sub.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${sub.id}`,
          object: 'subscription_item',
          current_period_end: sub.current_period_end,
          price: { id: sub.price, object: 'price', recurring: { interval: sub.interval } },
        },
      ],
    },
  };
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the stand-in on 127.0.0.1 (port 0: any free port). */
export async function startStripeStandIn(port = 0): Promise<StandIn> {
  const subs = new Map<string, Sub>();
  const checkouts = new Map<string, Checkout>();
  let sequence = 0;
  let served = 0;
  const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++sequence).toString(36)}`;
  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': nextId('req') });
    response.end(JSON.stringify(body));
  };
  const missing = (response: ServerResponse, what: string) =>
    send(response, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });

  const server: Server = createServer(async (request, response) => {
    served++;
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const raw = await bodyOf(request);
    const form = new URLSearchParams(raw);
    const path = url.pathname;
    const method = request.method ?? 'GET';
    if (!path.startsWith('/__control/') && request.headers.authorization !== 'Bearer sk_test_stand_in') {
      return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const checkoutPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const completePath = /^\/__control\/checkouts\/([^/]+)\/complete$/.exec(path);
    if (method === 'POST' && path === '/v1/customers')
      return send(response, 200, { id: nextId('cus'), object: 'customer', email: form.get('email'), metadata: { userId: form.get('metadata[userId]') } });
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = nextId('cs_test');
      const checkout: Checkout = {
        id,
        customer: form.get('customer') ?? '',
        status: 'open',
        subscription: null,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        price: form.get('line_items[0][price]') ?? '',
      };
      checkouts.set(id, checkout);
      return send(response, 200, { object: 'checkout.session', mode: 'subscription', ...checkout });
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const customer = url.searchParams.get('customer');
      const status = url.searchParams.get('status');
      const data = [...checkouts.values()].filter((c) => (!customer || c.customer === customer) && (!status || c.status === status));
      return send(response, 200, { object: 'list', url: path, has_more: false, data: data.map((c) => ({ object: 'checkout.session', ...c })) });
    }
    const expirePath = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expirePath && method === 'POST') {
      const checkout = checkouts.get(expirePath[1]!);
      if (!checkout) return missing(response, 'checkout.session');
      if (checkout.status === 'open') checkout.status = 'expired';
      return send(response, 200, { object: 'checkout.session', ...checkout });
    }
    if (checkoutPath && method === 'GET') {
      const checkout = checkouts.get(checkoutPath[1]!);
      return checkout ? send(response, 200, { object: 'checkout.session', ...checkout }) : missing(response, 'checkout.session');
    }
    if (subscriptionPath) {
      const sub = subs.get(subscriptionPath[1]!);
      if (!sub) return missing(response, 'subscription');
      if (method === 'DELETE') {
        sub.status = 'canceled';
        sub.ended_at = Math.floor(Date.now() / 1000);
      }
      if (method === 'POST') {
        if (form.has('cancel_at_period_end')) sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        const price = form.get('items[0][price]');
        if (price) {
          sub.price = price;
          sub.interval = price.includes('year') ? 'year' : 'month';
        }
      }
      return send(response, 200, subscriptionObject(sub));
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return send(response, 200, {
        id: nextId('bps'),
        object: 'billing_portal.session',
        customer: form.get('customer'),
        url: `https://billing.stripe.test/p/session/${form.get('customer')}`,
        return_url: form.get('return_url'),
      });
    }
    // Control: put a subscription in a given state (the way Stripe's side would change it).
    if (method === 'POST' && path === '/__control/subscriptions') {
      const input = JSON.parse(raw) as Partial<Sub> & { id?: string; customer: string };
      const id = input.id ?? nextId('sub');
      const sub: Sub = {
        ...(subs.get(id) ?? {
          status: 'active',
          price: 'price_monthly',
          interval: 'month',
          current_period_end: Math.floor(Date.now() / 1000) + 2_592_000,
          cancel_at_period_end: false,
          ended_at: null,
          created: Math.floor(Date.now() / 1000),
          metadata: {},
        }),
        ...input,
        id,
      } as Sub;
      subs.set(id, sub);
      return send(response, 200, subscriptionObject(sub));
    }
    if (completePath && method === 'POST') {
      const checkout = checkouts.get(completePath[1]!);
      if (!checkout) return missing(response, 'checkout.session');
      const id = nextId('sub');
      subs.set(id, {
        id,
        customer: checkout.customer,
        status: 'active',
        price: checkout.price,
        interval: checkout.price.includes('year') ? 'year' : 'month',
        current_period_end: Math.floor(Date.now() / 1000) + 2_592_000,
        cancel_at_period_end: false,
        ended_at: null,
        created: Math.floor(Date.now() / 1000),
        metadata: {},
      });
      checkout.status = 'complete';
      checkout.subscription = id;
      return send(response, 200, { object: 'checkout.session', ...checkout });
    }
    return send(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    requests: () => served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
