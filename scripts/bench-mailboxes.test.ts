import { describe, expect, it } from 'vitest';
import { threadIdOf as appThreadIdOf } from '../functions/src/inbox/threads';
import { importBodies, mailboxesOf, threadIdOf, unreadThreadRows } from '../bench/lib/mailboxes.mjs';

const A = '5ca100000000000000000001';
const B = '5ca100000000000000000abc';
const C = 'ffffffffffffffffffffffff';

const message = (id: string, author: string, to: string, at: string, read = 1) => ({
  id,
  thread_id: threadIdOf(author, to),
  author_id: author,
  to_id: to,
  body: `message ${id}`,
  reply_to_id: null,
  read,
  created_at: at,
});

describe('the bench mailboxes', () => {
  it('give a pair the thread id the send path derives, whichever way round', async () => {
    for (const [x, y] of [
      [A, B],
      [B, C],
    ]) {
      expect(threadIdOf(x, y)).toBe(await appThreadIdOf(x, y));
      expect(threadIdOf(y, x)).toBe(threadIdOf(x, y));
    }
    expect(threadIdOf(A, B)).not.toBe(threadIdOf(A, C));
  });

  it("put each thread in both members' mailboxes, each naming the other, with the same messages", () => {
    const id = threadIdOf(A, B);
    const messages = [message('m1', A, B, '2026-11-01T10:00:00.000Z'), message('m2', B, A, '2026-11-01T11:00:00.000Z', 0)];
    const boxes = mailboxesOf([{ id, a: A, b: B, created_at: '2026-11-01T09:00:00.000Z' }], messages);
    expect(boxes.get(A)).toEqual({ threads: [{ id, other_id: B, created_at: '2026-11-01T09:00:00.000Z' }], messages });
    expect(boxes.get(B)).toEqual({ threads: [{ id, other_id: A, created_at: '2026-11-01T09:00:00.000Z' }], messages });
    expect(boxes.has(C)).toBe(false);
  });

  it('mark a thread unread for its reader since the first message they have not read', () => {
    const rows = unreadThreadRows([
      message('m1', A, B, '2026-11-01T10:00:00.000Z'),
      message('m3', B, A, '2026-11-01T12:00:00.000Z', 0),
      message('m2', B, A, '2026-11-01T11:00:00.000Z', 0),
      message('m4', C, B, '2026-11-01T13:00:00.000Z', 0),
    ]);
    expect(rows).toEqual([
      { user_id: A, thread_id: threadIdOf(A, B), sender_id: B, since: '2026-11-01T11:00:00.000Z' },
      { user_id: B, thread_id: threadIdOf(B, C), sender_id: C, since: '2026-11-01T13:00:00.000Z' },
    ]);
  });

  it('fill a large mailbox in requests under the body cap: threads first, then messages oldest first, each row once', () => {
    const threads = Array.from({ length: 700 }, (_, i) => ({ id: `t${i}`.padEnd(24, '0'), other_id: `o${i}`.padEnd(24, '0'), created_at: '2026-11-01T09:00:00.000Z' }));
    const messages = Array.from({ length: 3000 }, (_, i) => ({
      ...message(`m${i}`.padEnd(24, '0'), A, B, new Date(Date.UTC(2026, 10, 1) + (i % 2 ? i : 6000 - i) * 60_000).toISOString()),
      body: 'x'.repeat(200),
    }));
    const bodies = importBodies(A, { threads, messages });
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) {
      expect(body.userId).toBe(A);
      expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(60_000);
    }
    const sentThreads = bodies.flatMap((body) => body.threads);
    const sentMessages = bodies.flatMap((body) => body.messages);
    expect(sentThreads).toEqual(threads);
    expect(sentMessages.map((m) => m.id).sort()).toEqual(messages.map((m) => m.id).sort());
    expect(sentMessages.map((m) => m.created_at)).toEqual(sentMessages.map((m) => m.created_at).sort());
    // No message goes before the last thread.
    const lastThreadBody = bodies.findLastIndex((body) => body.threads.length > 0);
    expect(bodies.slice(0, lastThreadBody).every((body) => body.messages.length === 0)).toBe(true);
  });
});
