// Billing budgets (issue 14), on the local stack with the Stripe stand-in:
//   - webhook handling: POST /subscriptions/webhook answers with a p95 of at most 50 ms
//     (signature checked by the real stripe SDK, event recorded, subscription read back from
//     the stand-in and applied);
//   - Premium visible on the return page within 1 s (p95) after checkout completes: from the
//     moment the stand-in completes a checkout, the return page's call
//     (POST /subscriptions/checkout/confirm) answers Premium and /auth/me says premium.
//
//   npm run bench:billing
//
// It starts the Stripe stand-in (functions/test/stripe-stand-in.ts, on loopback) and the API
// worker alone in a state folder of its own (.wrangler/bench-billing, wiped first), pointed
// at the stand-in. MEMBERS members register, verify and buy monthly Premium through the
// stand-in's checkout (each timed: complete → Premium shown); then WEBHOOKS signed
// `customer.subscription.updated` deliveries (each a new event id) go to the webhook, the
// stand-in's subscription flipping between active and past_due before each delivery of
// every other round over the subscriptions, so that about half of them change something
// (history, notice, mail, live event), each followed by GET /auth/me as the floor every
// signed-in call pays under the same load. Records the
// figures and the machine's load in bench/results.json under 'billing'; exits 1 over a budget.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { startStripeStandIn } from '../functions/test/stripe-stand-in.ts';
import { root, runBin } from '../scripts/lib/run.mjs';
import { median, percentile, recordBenchmark } from './lib/report.mjs';
import { runningWorker } from './lib/worker.mjs';

const MEMBERS = Number(process.env.MEMBERS ?? 20);
const WEBHOOKS = Number(process.env.WEBHOOKS ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 4437);
const WEBHOOK_BUDGET_P95_MS = 50;
const RETURN_BUDGET_MS = 1000;
const STATE_DIR = '.wrangler/bench-billing';
const WEBHOOK_SECRET = 'whsec_bench_stand_in';
const PASSWORD = 'bench-billing-password';

const round = (ms) => Number(ms.toFixed(2));
const figure = (samples) => ({ samples: samples.length, medianMs: round(median(samples)), p95Ms: round(percentile(samples, 95)), maxMs: round(Math.max(...samples)) });

const full = path.resolve(root, STATE_DIR);
rmSync(full, { recursive: true, force: true });
mkdirSync(full, { recursive: true });
runBin('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE_DIR, '-c', 'functions/wrangler.toml'], { quiet: true, env: { CI: 'true' } });

const standIn = await startStripeStandIn();
const envFile = path.join(full, 'bench.vars');
writeFileSync(
  envFile,
  [
    'ENVIRONMENT=development',
    'BENCH_LIFTS_FLOOD_LIMITS=true',
    `JWT_SECRET=${randomBytes(48).toString('base64url')}`,
    'STRIPE_SECRET_KEY=sk_test_stand_in',
    `STRIPE_WEBHOOK_SECRET=${WEBHOOK_SECRET}`,
    'STRIPE_PRICE_MONTHLY=price_monthly',
    'STRIPE_PRICE_YEARLY=price_yearly',
    'STRIPE_API_HOST=127.0.0.1',
    `STRIPE_API_PORT=${standIn.port}`,
    'STRIPE_API_PROTOCOL=http',
    '',
  ].join('\n'),
  { mode: 0o600 },
);

const signer = new Stripe('sk_test_stand_in', { httpClient: Stripe.createFetchHttpClient() });
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** JSON to the API; answers the parsed body, or throws with the status and text. */
async function api(base, method, apiPath, { token, body, ip = '127.0.0.1', expect = 200 } = {}) {
  const headers = { 'cf-connecting-ip': ip };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${apiPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== expect) throw new Error(`${method} ${apiPath} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** A registered, verified member signed in: `{ email, token, ip }`. */
async function newMember(base, n) {
  const ip = `10.9.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const email = `billing-bench-${n}-${randomBytes(3).toString('hex')}@foundermesh.dev`;
  await api(base, 'POST', '/users/register', {
    ip,
    expect: 201,
    body: { firstName: 'Bench', lastName: `Member${n}`, email, password: PASSWORD, memberType: 'founder', agreement: true, subscription: true },
  });
  const { messages } = await api(base, 'GET', `/dev/mailbox?to=${encodeURIComponent(email)}`, { ip });
  const code = messages.map((mail) => /\b(\d{6})\b/.exec(mail.subject)?.[1]).find(Boolean);
  if (!code) throw new Error(`no verification code mailed to ${email}`);
  const { jwt } = await api(base, 'POST', '/auth/verify-email', { ip, body: { email, code } });
  return { email, token: jwt, ip };
}

/** Buys monthly through the stand-in's checkout; answers the subscription id and the ms from completion to Premium shown. */
async function buy(base, member) {
  const { url } = await api(base, 'POST', '/subscriptions/checkout', { token: member.token, ip: member.ip, body: { plan: 'monthly' } });
  const checkoutId = url.split('/').at(-1);
  const completed = await fetch(`${standIn.url}/__control/checkouts/${checkoutId}/complete`, { method: 'POST' });
  const { subscription } = await completed.json();
  // The member is back on the return page: it applies the checkout, and Premium shows.
  const start = performance.now();
  const confirmed = await api(base, 'POST', '/subscriptions/checkout/confirm', { token: member.token, ip: member.ip, body: { sessionId: checkoutId } });
  const me = await api(base, 'GET', '/auth/me', { token: member.token, ip: member.ip });
  const ms = performance.now() - start;
  if (!confirmed.premium || me.role?.type !== 'premium') throw new Error(`checkout ${checkoutId} did not make ${member.email} Premium`);
  return { subscription, ms };
}

let sequence = 0;

/** One signed `customer.subscription.updated` delivery about `subscriptionId`: its time in ms. */
async function deliver(base, subscriptionId) {
  sequence += 1;
  const payload = JSON.stringify({
    id: `evt_bench_${sequence}_${randomBytes(6).toString('hex')}`,
    object: 'event',
    type: 'customer.subscription.updated',
    api_version: '2026-10-29',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: subscriptionId, object: 'subscription' } },
  });
  const signature = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret: WEBHOOK_SECRET, cryptoProvider });
  const start = performance.now();
  const response = await fetch(`${base}/subscriptions/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  const text = await response.text();
  const ms = performance.now() - start;
  if (response.status !== 200 || JSON.parse(text).duplicate !== false) throw new Error(`webhook answered ${response.status}: ${text.slice(0, 300)}`);
  return ms;
}

/** Sets the stand-in's subscription status (Stripe's side), untimed. */
async function setStatus(subscriptionId, status) {
  await fetch(`${standIn.url}/__control/subscriptions`, { method: 'POST', body: JSON.stringify({ id: subscriptionId, status }) });
}

/** One GET /auth/me: the floor every signed-in call pays on this machine now, in ms. */
async function floor(base, member) {
  const start = performance.now();
  await api(base, 'GET', '/auth/me', { token: member.token, ip: member.ip });
  return performance.now() - start;
}

/**
 * `count` deliveries spread over the members' subscriptions, every other round of them
 * after a status change; each followed by the floor call, so both see the same load.
 */
async function webhookRounds(base, subscriptions, member, count) {
  const samples = { all: [], changed: [], unchanged: [], floor: [] };
  const status = new Map(subscriptions.map((id) => [id, 'active']));
  for (let i = 0; i < count; i += 1) {
    const id = subscriptions[i % subscriptions.length];
    const changes = Math.floor(i / subscriptions.length) % 2 === 0;
    if (changes) {
      const next = status.get(id) === 'active' ? 'past_due' : 'active';
      status.set(id, next);
      await setStatus(id, next);
    }
    const ms = await deliver(base, id);
    samples.all.push(ms);
    samples[changes ? 'changed' : 'unchanged'].push(ms);
    samples.floor.push(await floor(base, member));
  }
  return samples;
}

let loadAverage = 0;
let results;
try {
  results = await runningWorker({ config: 'functions/wrangler.toml', port: PORT, stateDir: STATE_DIR, envFile, readyPath: '/health' }, async (base) => {
    const members = [];
    for (let n = 0; n < MEMBERS; n += 1) members.push(await newMember(base, n));
    // The machine may be shared: say how busy it was, since every figure moves with it.
    loadAverage = loadavg()[0];
    if (loadAverage > availableParallelism()) console.warn(`! load average ${loadAverage.toFixed(2)} on ${availableParallelism()} cores: figures will be high`);
    const bought = [];
    for (const member of members) bought.push(await buy(base, member));
    const subscriptions = bought.map((b) => b.subscription);
    await webhookRounds(base, subscriptions, members[0], WARMUP);
    const webhook = await webhookRounds(base, subscriptions, members[0], WEBHOOKS);
    loadAverage = Math.max(loadAverage, loadavg()[0]);
    return {
      returnPage: figure(bought.map((b) => b.ms)),
      webhook: figure(webhook.all),
      webhookChanging: figure(webhook.changed),
      webhookUnchanged: figure(webhook.unchanged),
      floorAuthMe: figure(webhook.floor),
      standInRequests: standIn.requests(),
    };
  });
} finally {
  await standIn.close();
}

console.log(`\n${MEMBERS} members bought Premium; ${WEBHOOKS} signed webhooks (half of them changing the subscription), sequential on loopback:`);
console.table({
  'webhook (POST /subscriptions/webhook)': { ...results.webhook, budget: `p95 ≤ ${WEBHOOK_BUDGET_P95_MS}` },
  '  of which changing the subscription': { ...results.webhookChanging, budget: '' },
  '  of which changing nothing': { ...results.webhookUnchanged, budget: '' },
  'floor: GET /auth/me (after each webhook)': { ...results.floorAuthMe, budget: '' },
  'checkout completed → Premium on the return page': { ...results.returnPage, budget: `p95 ≤ ${RETURN_BUDGET_MS}` },
});
recordBenchmark('billing', {
  members: MEMBERS,
  webhooks: WEBHOOKS,
  budgets: { webhookP95Ms: WEBHOOK_BUDGET_P95_MS, returnPageP95Ms: RETURN_BUDGET_MS },
  loadAverage: Number(loadAverage.toFixed(2)),
  cores: availableParallelism(),
  ...results,
});
const over = [];
if (results.webhook.p95Ms > WEBHOOK_BUDGET_P95_MS) over.push(`webhook p95 ${results.webhook.p95Ms} ms > ${WEBHOOK_BUDGET_P95_MS} ms`);
if (results.returnPage.p95Ms > RETURN_BUDGET_MS) over.push(`return page p95 ${results.returnPage.p95Ms} ms > ${RETURN_BUDGET_MS} ms`);
if (over.length > 0) {
  console.error(`Over budget: ${over.join(', ')}`);
  process.exit(1);
}
console.log(`Webhooks within a p95 of ${WEBHOOK_BUDGET_P95_MS} ms; Premium on the return page within a p95 of ${RETURN_BUDGET_MS} ms after checkout.`);
