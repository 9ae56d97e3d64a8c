import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post } from '../../test/api';
import { db } from '../db/client';
import { appMeta } from '../db/schema';
import { DEMO_CONNECTIONS, DEMO_PASSWORD } from './demo-data';

async function demoSession(): Promise<string> {
  await post('/dev/seed');
  const login = await bodyOf(await post('/auth/user-login', { email: 'demo@foundermesh.dev', password: DEMO_PASSWORD }));
  return login.jwt;
}

describe('the demo connections', () => {
  it('give the demo member connections, a request to answer and one they sent', async () => {
    const jwt = await demoSession();
    const counts = await bodyOf(await get('/connection/count', { token: jwt }));
    expect(counts.accepted).toBeGreaterThanOrEqual(3);
    expect(counts.received).toBeGreaterThanOrEqual(1);
    expect(counts.sent).toBeGreaterThanOrEqual(1);
    const received = await bodyOf(await get('/connection/status?_type=received', { token: jwt }));
    expect(received.data.some((item: { note: string | null }) => item.note?.includes('swap notes'))).toBe(true);
    const suggestions = await bodyOf(await get('/connection/you-might-like', { token: jwt }));
    expect(suggestions.data.some((item: { reasons: string[] }) => item.reasons.some((reason) => /shared connection/.test(reason)))).toBe(true);
  });

  it('are added once to a database seeded before they existed, never twice', async () => {
    await demoSession();
    const database = db(env);
    const demoRows = async () => {
      const [row] = await database.all<{ n: number }>(sql`
        SELECT count(*) AS n FROM connections c JOIN users r ON r.id = c.requester_id JOIN users e ON e.id = c.receiver_id
        WHERE r.email LIKE '%@foundermesh.dev' AND e.email LIKE '%@foundermesh.dev'`);
      return row!.n;
    };
    const before = await demoRows();
    await database.delete(appMeta).where(eq(appMeta.key, 'demo_connections_seeded'));
    expect(await bodyOf(await post('/dev/seed'))).toEqual({ seeded: false });
    expect(await database.select().from(appMeta).where(eq(appMeta.key, 'demo_connections_seeded'))).toHaveLength(1);
    // Every demo pair already had its open row, so nothing was added.
    expect(await demoRows()).toBe(before);
    expect(before).toBeGreaterThanOrEqual(DEMO_CONNECTIONS.length);
  });
});
