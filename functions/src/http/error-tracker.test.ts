import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, inject, it, vi } from 'vitest';
import worker from '../index';
import { uniqueEmail, uniqueIp } from '../../test/api';
import type { ReceivedEnvelope } from '../../test/sentry-stand-in';
import { brokenDb } from '../../test/broken-db';

const standIn = () => `http://127.0.0.1:${inject('sentryStandInPort')}`;

/** A sign-in through the worker's own entry (as production runs it) while the database is down. */
async function failingSignIn(vars: Partial<Env>, email: string): Promise<Response> {
  const request = new Request<unknown, IncomingRequestCfProperties>(`https://api.internal/auth/user-login?email=${encodeURIComponent(email)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': uniqueIp(), Cookie: `fm_token=${email}` },
    body: JSON.stringify({ email, password: 'analytical-engine' }),
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, ...vars, DB: brokenDb } as Env, ctx);
  // The tracker sends from waitUntil, after the answer.
  await waitOnExecutionContext(ctx);
  return response;
}

async function envelopesOf(project: string): Promise<ReceivedEnvelope[]> {
  return (await fetch(`${standIn()}/__received/${project}`)).json();
}

async function envelopeCount(): Promise<number> {
  return ((await (await fetch(`${standIn()}/__count`)).json()) as { envelopes: number }).envelopes;
}

// The first report loads the Sentry SDK into the runner (seconds when the other runner is busy).
describe('the error tracker', { timeout: 30_000 }, () => {
  it('sends an uncaught error to the configured DSN once, with the request id and nothing of the member', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const project = String(Math.floor(Math.random() * 1e9));
    const email = uniqueEmail('tracked');
    const response = await failingSignIn({ SENTRY_DSN: `http://public@127.0.0.1:${inject('sentryStandInPort')}/${project}` }, email);
    expect(response.status).toBe(500);
    const requestId = response.headers.get('X-Request-Id')!;
    expect(((await response.json()) as { requestId: string }).requestId).toBe(requestId);

    const envelopes = await envelopesOf(project);
    expect(envelopes).toHaveLength(1);
    const [, itemHeader, payload] = envelopes[0]!.body.split('\n');
    expect(JSON.parse(itemHeader!)).toMatchObject({ type: 'event' });
    const event = JSON.parse(payload!);
    expect(event.tags).toMatchObject({ request_id: requestId, route: '/auth/user-login', method: 'POST' });
    expect(event.exception.values[0].value).toContain('the database is unreachable');
    // No request data, no person: not the email (body, query or cookie), not the address.
    const text = envelopes[0]!.body;
    expect(text).not.toContain(email);
    expect(text).not.toContain(email.split('@')[0]);
    expect(event.request).toBeUndefined();
    expect(event.user).toBeUndefined();
  });

  it('sends nothing without a DSN, even after requests that had one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const project = String(Math.floor(Math.random() * 1e9));
    await failingSignIn({ SENTRY_DSN: `http://public@127.0.0.1:${inject('sentryStandInPort')}/${project}` }, uniqueEmail('tracked'));
    const before = await envelopeCount();
    const response = await failingSignIn({ SENTRY_DSN: '' }, uniqueEmail('untracked'));
    expect(response.status).toBe(500);
    expect(await envelopeCount()).toBe(before);
    expect(await envelopesOf(project)).toHaveLength(1);
  });
});
