/**
 * The web pushes of one member's live object (live-object.ts): sent after the event found no
 * open socket, off the request's path. Devices whose push service failed (429, 5xx, not
 * reached) are retried from the object's alarm with backoff (base, 4×, 16×), then given up.
 */
import { systemClock } from '../clock';
import { db } from '../db/client';
import type { PushNote } from '../ports/live';
import { readPushConfig } from '../push/config';
import { deliverPush } from '../push/send';

/** Tries after the first: base, 4× base, 16× base later. */
const MAX_RETRIES = 3;
const RETRY_PREFIX = 'push-retry:';

type PendingRetry = { userId: string; note: PushNote; devices: string[]; attempt: number; dueAt: number };

export class PushOutbox {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
  ) {}

  /** Sends the note to the member's devices (`retry`: to those that failed); schedules retries. */
  async send(userId: string, note: PushNote, retry?: PendingRetry): Promise<void> {
    const config = readPushConfig(this.env);
    if (!config) return;
    try {
      const outcome = await deliverPush({ db: db(this.env), clock: systemClock }, config, userId, note, retry?.devices);
      const attempt = (retry?.attempt ?? 0) + 1;
      if (outcome.retry.length === 0 || attempt > MAX_RETRIES) return;
      const dueAt = Date.now() + config.retryBaseMs * 4 ** (attempt - 1);
      await this.ctx.storage.put(`${RETRY_PREFIX}${crypto.randomUUID()}`, { userId, note, devices: outcome.retry, attempt, dueAt } satisfies PendingRetry);
      const alarm = await this.ctx.storage.getAlarm();
      if (alarm === null || alarm > dueAt) await this.ctx.storage.setAlarm(dueAt);
    } catch (error) {
      console.error(`push: ${note.kind} to ${userId} failed`, error);
    }
  }

  /** Sends the retries that are due; answers when the next one is (epoch ms), or null. */
  async retryDue(): Promise<number | null> {
    const pending = await this.ctx.storage.list<PendingRetry>({ prefix: RETRY_PREFIX });
    const now = Date.now();
    const due: [string, PendingRetry][] = [];
    let next: number | null = null;
    for (const [key, retry] of pending) {
      if (retry.dueAt <= now) due.push([key, retry]);
      else next = Math.min(next ?? retry.dueAt, retry.dueAt);
    }
    if (due.length > 0) await this.ctx.storage.delete(due.map(([key]) => key));
    await Promise.all(due.map(([, retry]) => this.send(retry.userId, retry.note, retry)));
    const after = await this.ctx.storage.list<PendingRetry>({ prefix: RETRY_PREFIX });
    for (const retry of after.values()) next = Math.min(next ?? retry.dueAt, retry.dueAt);
    return next;
  }
}
