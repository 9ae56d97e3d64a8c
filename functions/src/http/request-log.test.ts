import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, get, post, signedInMember, uniqueEmail } from '../../test/api';
import { memberLogId } from './member-log-id';
import type { RequestLogLine } from './request-log';
import { brokenDb } from '../../test/broken-db';

/** The request log lines console.log printed while `run` ran. */
async function requestLinesOf(run: () => Promise<Response>): Promise<{ response: Response; lines: RequestLogLine[]; printed: string[] }> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    const response = await run();
    const printed = log.mock.calls.map((args) => args.map(String).join(' '));
    const lines = printed.flatMap((text) => {
      try {
        const value = JSON.parse(text) as RequestLogLine;
        return value.event === 'request' ? [value] : [];
      } catch {
        return [];
      }
    });
    return { response, lines, printed };
  } finally {
    log.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('the request log', () => {
  it('prints one JSON line per request: id, route pattern, method, status, duration, D1 rows read and the member unreversibly', async () => {
    const viewer = await signedInMember();
    const other = await signedInMember();
    const { response, lines, printed } = await requestLinesOf(() =>
      get(`/founder/connection-status/${other.user.id}?email=${encodeURIComponent(viewer.user.email)}`, { token: viewer.jwt, ip: '10.9.8.7' }),
    );
    expect(response.status).toBe(200);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(Object.keys(line).sort()).toEqual(
      ['event', 'requestId', 'method', 'route', 'status', 'durationMs', 'd1Queries', 'd1RowsRead', 'd1RowsWritten', 'd1Unmetered', 'member'].sort(),
    );
    expect(line).toMatchObject({ method: 'GET', route: '/founder/connection-status/:id', status: 200, d1Unmetered: 0 });
    expect(line.requestId).toBe(response.headers.get('X-Request-Id'));
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    expect(line.d1Queries).toBeGreaterThan(0);
    expect(line.d1RowsRead).toBeGreaterThan(0);
    // The member as a keyed hash: 16 hex digits, the same for each of their requests, never their id.
    expect(line.member).toMatch(/^[0-9a-f]{16}$/);
    expect(line.member).toBe(await memberLogId(viewer.user.id, env));
    const text = printed.find((entry) => entry.includes('"event":"request"'))!;
    for (const personal of [viewer.user.id, other.user.id, viewer.user.email, '10.9.8.7', '?email']) expect(text).not.toContain(personal);
  });

  it('logs a request nobody signed in to without a member, and one no route answered without a route', async () => {
    const anonymous = await requestLinesOf(() => get('/health'));
    expect(anonymous.lines).toEqual([expect.objectContaining({ route: '/health', status: 200, member: null, d1Queries: 0 })]);
    const unknown = await requestLinesOf(() => get(`/no-such-thing/${crypto.randomUUID()}`));
    expect(unknown.lines).toEqual([expect.objectContaining({ route: null, status: 404 })]);
  });

  it('logs failed requests too, with the status they answered', async () => {
    const denied = await requestLinesOf(() => get('/auth/me'));
    expect(denied.lines).toEqual([expect.objectContaining({ route: '/auth/me', status: 401, member: null })]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = await requestLinesOf(() => post('/auth/user-login', { email: uniqueEmail(), password: 'analytical-engine' }, { env: { ...env, DB: brokenDb } }));
    expect(broken.lines).toEqual([expect.objectContaining({ route: '/auth/user-login', status: 500 })]);
  });

  it('keys the member log id with LOG_ID_KEY when it is set, else with a key derived from JWT_SECRET', async () => {
    const member = await signedInMember();
    const fromJwt = await memberLogId(member.user.id, env);
    const fromLogKey = await memberLogId(member.user.id, { ...env, LOG_ID_KEY: 'a-log-key-of-its-own' });
    expect(fromLogKey).toMatch(/^[0-9a-f]{16}$/);
    expect(fromLogKey).not.toBe(fromJwt);
    expect(await memberLogId(member.user.id, { JWT_SECRET: '' })).toBeNull();
    expect(await memberLogId(undefined, env)).toBeNull();
  });
});

describe('the request id', () => {
  it('is in the X-Request-Id header of every answer and in the body of every error answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers = [
      await get('/health'),
      await get('/auth/me'),
      await get(`/no-such-thing/${crypto.randomUUID()}`),
      await post('/auth/user-login', { email: 'not an address' }),
      await call('DELETE', '/health'),
      await post('/auth/user-login', { email: uniqueEmail(), password: 'analytical-engine' }, { env: { ...env, DB: brokenDb } }),
    ];
    expect(answers.map((response) => response.status)).toEqual([200, 401, 404, 400, 405, 500]);
    const ids = answers.map((response) => response.headers.get('X-Request-Id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const response of answers.slice(1)) {
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['data', 'message', 'requestId', 'status']);
      expect(body).toMatchObject({ message: expect.any(String), status: response.status, requestId: response.headers.get('X-Request-Id') });
    }
  });

  it('keeps the id the app worker passed on, and replaces one that is not an id', async () => {
    const passed = crypto.randomUUID();
    const kept = await get('/auth/me', { headers: { 'X-Request-Id': passed } });
    expect(kept.headers.get('X-Request-Id')).toBe(passed);
    expect(((await kept.json()) as { requestId: string }).requestId).toBe(passed);
    const forged = await get('/auth/me', { headers: { 'X-Request-Id': 'x", "member": "someone-else' } });
    expect(forged.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
