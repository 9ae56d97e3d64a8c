import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post } from '../../test/api';
import { db } from '../db/client';
import { DEMO_PASSWORD } from './demo-data';
import { storedRows } from '../notifications/test-support';

async function demoToken(): Promise<string> {
  await post('/dev/seed');
  return (await bodyOf(await post('/auth/user-login', { email: 'demo@foundermesh.dev', password: DEMO_PASSWORD }))).jwt;
}

describe('the demo notifications', () => {
  it('give the demo member requests, accepts, likes, a comment, a reply, a mention and an account notice, some unseen', async () => {
    const token = await demoToken();
    const page = await bodyOf(await get('/notifications?limit=50', { token }));
    const kinds = new Set(page.data.map((notification: { kind: string }) => notification.kind));
    const every = ['connection.requested', 'connection.accepted', 'post.liked', 'post.commented', 'comment.replied', 'post.mentioned', 'account.changed'];
    for (const kind of every) expect(kinds, kind).toContain(kind);
    const times = page.data.map((notification: { createdAt: string }) => notification.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const unseen = (await bodyOf(await get('/notifications/unseen-count', { token }))).count;
    expect(unseen).toBeGreaterThan(0);
    expect(unseen).toBeLessThan(page.total);
  });

  it('are seeded once', async () => {
    await demoToken();
    const count = async () => (await storedRows((await db(env).all<{ id: string }>(sql`SELECT id FROM users WHERE email = 'demo@foundermesh.dev'`))[0]!.id)).length;
    const before = await count();
    await post('/dev/seed');
    await db(env).run(sql`DELETE FROM app_meta WHERE key = 'demo_notifications_seeded'`);
    await post('/dev/seed');
    expect(await count()).toBe(before);
  });
});
