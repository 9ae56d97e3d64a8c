/**
 * The RateLimiter Durable Object: one object per limited key (`loginFailuresByIp:203.0.113.7`),
 * holding a log of recorded attempts in its SQLite storage. Being a single object per key
 * makes the count exact under concurrency, locally and in production.
 *
 * Every method takes the caller's clock reading (`now`, ms) so that tests can move time
 * through the API's injected clock instead of waiting.
 */
import { DurableObject } from 'cloudflare:workers';
import type { BackoffRule, HitResult } from '../ports/rate-limiter';

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

export class RateLimiter extends DurableObject<Env> {
  /**
   * The log table. Created here rather than in the constructor: the alarm's deleteAll()
   * drops the table while the object may stay in memory.
   */
  private hits() {
    const sql = this.ctx.storage.sql;
    sql.exec('CREATE TABLE IF NOT EXISTS hits (at INTEGER NOT NULL)');
    return sql;
  }

  /** The log, emptied of what has left the window. */
  private log(now: number, windowMs: number) {
    const sql = this.hits();
    sql.exec('DELETE FROM hits WHERE at <= ?', now - windowMs);
    return sql;
  }

  private async record(now: number, windowMs: number, cost = 1): Promise<HitResult> {
    for (let i = 0; i < cost; i++) this.ctx.storage.sql.exec('INSERT INTO hits (at) VALUES (?)', now);
    // Once the newest hit has left the window the object holds nothing worth keeping.
    await this.ctx.storage.setAlarm(now + windowMs);
    return { allowed: true, retryAfter: 0 };
  }

  /**
   * Records `cost` attempts (one unless told: a post tagging five members costs five) if
   * they fit with those recorded in the last `windowSeconds` under `limit`; a cost over the
   * limit counts as the limit. A refused attempt is not recorded, so hammering does not
   * extend the wait. `retryAfter` is the number of seconds until it would be accepted.
   */
  async hit(limit: number, windowSeconds: number, now = Date.now(), cost = 1): Promise<HitResult> {
    const windowMs = windowSeconds * 1000;
    const weight = Math.min(Math.max(1, Math.floor(cost)), limit);
    const sql = this.log(now, windowMs);
    const count = sql.exec<{ n: number }>('SELECT count(*) AS n FROM hits').one().n;
    if (count + weight > limit) {
      // The attempt that must expire before enough slots free up.
      const blocking = sql.exec<{ at: number }>('SELECT at FROM hits ORDER BY at LIMIT 1 OFFSET ?', count + weight - limit - 1).one().at;
      return { allowed: false, retryAfter: secondsUntil(blocking + windowMs, now) };
    }
    return this.record(now, windowMs, weight);
  }

  /**
   * What `hit` would answer for one attempt, recording nothing: a screen that tells when the
   * next attempt is possible asks this. A key never hit stays without storage.
   */
  async peek(limit: number, windowSeconds: number, now = Date.now()): Promise<HitResult> {
    const sql = this.ctx.storage.sql;
    if (sql.exec<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'hits'").one().n === 0) return { allowed: true, retryAfter: 0 };
    const windowMs = windowSeconds * 1000;
    const count = sql.exec<{ n: number }>('SELECT count(*) AS n FROM hits WHERE at > ?', now - windowMs).one().n;
    if (count + 1 <= limit) return { allowed: true, retryAfter: 0 };
    const blocking = sql.exec<{ at: number }>('SELECT at FROM hits WHERE at > ? ORDER BY at LIMIT 1 OFFSET ?', now - windowMs, count - limit).one().at;
    return { allowed: false, retryAfter: secondsUntil(blocking + windowMs, now) };
  }

  /**
   * Records one attempt unless the key is locked out by the failures already recorded
   * (see BackoffRule). Each recorded attempt counts as a failure until `clear` is called.
   */
  async backoff(rule: BackoffRule, now = Date.now()): Promise<HitResult> {
    const windowMs = rule.forgetAfterSeconds * 1000;
    const sql = this.log(now, windowMs);
    const { n, last } = sql.exec<{ n: number; last: number | null }>('SELECT count(*) AS n, max(at) AS last FROM hits').one();
    const excess = n - rule.freeFailures;
    if (last !== null && excess >= 0) {
      // 2^30 is far past any sensible cap: keeps the power finite for long-hammered keys.
      const delaySeconds = Math.min(rule.baseDelaySeconds * 2 ** Math.min(excess, 30), rule.maxDelaySeconds);
      const lockedUntil = last + delaySeconds * 1000;
      if (now < lockedUntil) return { allowed: false, retryAfter: secondsUntil(lockedUntil, now) };
    }
    return this.record(now, windowMs);
  }

  /** Takes back the newest recorded attempt: it turned out not to count (a correct password). */
  async refund(): Promise<void> {
    this.hits().exec('DELETE FROM hits WHERE rowid = (SELECT max(rowid) FROM hits)');
  }

  /** Forgets every recorded attempt (a successful sign-in clears its failures). */
  async clear(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /** Every hit has expired by now: drop the storage so idle keys cost nothing. */
  async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
