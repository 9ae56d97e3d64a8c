import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { get, signedInMember } from '../../test/api';
import { db } from '../db/client';
import { emptyUsage, requestMeteredD1, withD1Usage } from '../db/d1-meter';
import { users } from '../db/schema';
import { eq } from 'drizzle-orm';

describe('the development D1 meter (x-bench-d1)', () => {
  it('answers the queries and rows a request asked of D1 in development', async () => {
    const member = await signedInMember();
    const response = await get('/connection/count', { token: member.jwt, headers: { 'x-bench-d1': '1' } });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('x-d1-queries'))).toBeGreaterThanOrEqual(2);
    expect(Number(response.headers.get('x-d1-rows-read'))).toBeGreaterThan(0);
    expect(response.headers.get('x-d1-rows-written')).not.toBeNull();
    // drizzle's reads go through raw(); the meter gets their rows too.
    expect(response.headers.get('x-d1-unmetered')).toBe('0');
  });

  it('leaves a request without the header untouched', async () => {
    const member = await signedInMember();
    const response = await get('/connection/count', { token: member.jwt });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-d1-queries')).toBeNull();
  });

  it('never runs outside development, whatever the request says', async () => {
    const member = await signedInMember();
    const production = { ...env, ENVIRONMENT: 'production' } as Env;
    const response = await get('/connection/count', { token: member.jwt, headers: { 'x-bench-d1': '1' }, env: production });
    expect(response.status).toBe(200);
    for (const name of ['x-d1-queries', 'x-d1-rows-read', 'x-d1-rows-written', 'x-d1-unmetered']) expect(response.headers.get(name)).toBeNull();
  });

  it('answers raw() exactly as the binding does, columns of the same name included, with its rows read', async () => {
    const member = await signedInMember();
    const sql = 'SELECT u.id, u.email, s.id, s.user_id FROM users u JOIN sessions s ON s.user_id = u.id WHERE u.id = ?';
    const plain = await env.DB.prepare(sql).bind(member.user.id).raw({ columnNames: true });
    const usage = emptyUsage();
    const metered = await withD1Usage(usage, () => requestMeteredD1(env.DB).prepare(sql).bind(member.user.id).raw({ columnNames: true }));
    expect(plain.length).toBeGreaterThan(1);
    expect(metered).toEqual(plain);
    expect(usage).toMatchObject({ queries: 1, unmetered: 0 });
    expect(usage.rowsRead).toBeGreaterThan(0);
  });

  it('outside development, runs raw() as D1 ships it and counts it unmetered: no private workerd call', async () => {
    const member = await signedInMember();
    const sql = 'SELECT id, email FROM users WHERE id = ?';
    const usage = emptyUsage({ rawMeta: false });
    const rows = await withD1Usage(usage, () => requestMeteredD1(env.DB).prepare(sql).bind(member.user.id).raw());
    expect(rows).toEqual([[member.user.id, member.user.email]]);
    expect(usage).toMatchObject({ queries: 1, unmetered: 1, rowsRead: 0 });
  });

  it('counts drizzle reads, writes, first() and each statement of a batch', async () => {
    const member = await signedInMember();
    const usage = emptyUsage();
    const binding = requestMeteredD1(env.DB);
    const database = db({ DB: binding });
    await withD1Usage(usage, async () => {
      const [row] = await database.select({ id: users.id }).from(users).where(eq(users.id, member.user.id));
      expect(row?.id).toBe(member.user.id);
      expect(usage).toMatchObject({ queries: 1, unmetered: 0 });
      await database.update(users).set({ updatedAt: new Date().toISOString() }).where(eq(users.id, member.user.id));
      expect(usage.queries).toBe(2);
      expect(usage.rowsWritten).toBeGreaterThan(0);
      expect(await binding.prepare('SELECT email FROM users WHERE id = ?').bind(member.user.id).first('email')).toBe(member.user.email);
      const before = usage.rowsRead;
      await binding.batch([binding.prepare('SELECT 1'), binding.prepare('SELECT count(*) FROM users WHERE id = ?').bind(member.user.id)]);
      expect(usage.queries).toBe(5);
      expect(usage.rowsRead).toBeGreaterThan(before);
    });
  });

  it('keeps the usage of requests running at once apart, and counts nothing outside a request', async () => {
    const member = await signedInMember();
    const binding = requestMeteredD1(env.DB);
    expect(requestMeteredD1(env.DB)).toBe(binding);
    const [one, two] = [emptyUsage(), emptyUsage()];
    const read = () => binding.prepare('SELECT id FROM users WHERE id = ?').bind(member.user.id).all();
    await Promise.all([withD1Usage(one, read), withD1Usage(two, async () => Promise.all([read(), read()]))]);
    expect(one.queries).toBe(1);
    expect(two.queries).toBe(2);
    expect((await read()).results).toEqual([{ id: member.user.id }]);
    expect(one.queries + two.queries).toBe(3);
  });
});
