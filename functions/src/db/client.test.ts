import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from './client';

describe('db', () => {
  it('builds one handle per D1 binding and reuses it across requests', async () => {
    const first = db(env);
    expect(db({ DB: env.DB })).toBe(first);
    expect(await first.all<{ one: number }>(sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it('gives another binding (the bench meter wraps D1) a handle of its own', () => {
    const wrapped = { ...env.DB } as D1Database;
    expect(db({ DB: wrapped })).not.toBe(db(env));
    expect(db({ DB: wrapped })).toBe(db({ DB: wrapped }));
  });
});
