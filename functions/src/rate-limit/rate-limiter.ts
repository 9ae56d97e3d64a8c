/**
 * The RateLimiter Durable Object: one object per limited key (`login:ip:203.0.113.7`),
 * holding a sliding-window log of accepted hits in its SQLite storage. Being a single
 * object per key makes the count exact under concurrency, locally and in production.
 */
import { DurableObject } from 'cloudflare:workers';

export type HitResult = { allowed: boolean; retryAfter: number };

export class RateLimiter extends DurableObject<Env> {
  /**
   * Records one attempt if fewer than `limit` were accepted in the last `windowSeconds`.
   * A refused attempt is not recorded, so hammering does not extend the wait.
   * `retryAfter` is the number of seconds until the next attempt would be accepted.
   */
  async hit(limit: number, windowSeconds: number): Promise<HitResult> {
    const now = Date.now();
    const windowMs = windowSeconds * 1000;
    const sql = this.ctx.storage.sql;
    // Here rather than in the constructor: the alarm's deleteAll() drops the table while
    // the object may stay in memory.
    sql.exec('CREATE TABLE IF NOT EXISTS hits (at INTEGER NOT NULL)');
    sql.exec('DELETE FROM hits WHERE at <= ?', now - windowMs);
    const count = sql.exec<{ n: number }>('SELECT count(*) AS n FROM hits').one().n;
    if (count >= limit) {
      // The attempt that must expire before a slot frees up.
      const blocking = sql.exec<{ at: number }>('SELECT at FROM hits ORDER BY at LIMIT 1 OFFSET ?', count - limit).one().at;
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((blocking + windowMs - now) / 1000)) };
    }
    sql.exec('INSERT INTO hits (at) VALUES (?)', now);
    // Once the newest hit has left the window the object holds nothing worth keeping.
    await this.ctx.storage.setAlarm(now + windowMs);
    return { allowed: true, retryAfter: 0 };
  }

  /** Every hit has expired by now: drop the storage so idle keys cost nothing. */
  async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
