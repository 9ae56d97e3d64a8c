/**
 * The MemberInbox object itself (inbox-object.ts), through the port the worker uses: each member's
 * own copy of a conversation, the changes one mailbox hands the other (`flush`, and `apply`
 * straight from the stub to play a delivery twice or out of order), the list and its
 * filters, and the account-deletion, export and import methods. The object never reads D1,
 * so the members are bare ids.
 */
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { newId } from '../db/ids';
import type { MessageFile, OutgoingMessage, StoredMessage, StoredThread } from '../ports/inbox';
import type { MemberInbox } from './inbox-object';
import { inboxBinding } from './inbox-binding';

const inbox = inboxBinding(env.INBOX_STORE);
/** The object's stub, for `apply` (a method the port does not offer: only mailboxes call it). */
const stubOf = (userId: string) => env.INBOX_STORE.get(env.INBOX_STORE.idFromName(userId));
type Delivery = Parameters<MemberInbox['apply']>[0][number];
type MessageCopy = Extract<Delivery, { kind: 'message' }>['message'];

const T0 = '2026-03-01T10:00:00.000Z';
/** `minutes` after T0. */
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

/** Two members and their thread's id (mailboxes of their own: no other test writes to them). */
const pair = () => ({ a: newId(), b: newId(), threadId: newId() });

const fileOf = (name: string, extra: Partial<MessageFile> = {}): MessageFile => ({ id: newId(), name, mime: 'image/png', size: 100, width: 4, height: 3, ...extra });

/** A message from `authorId` to `toId` in the thread, sent at `now`. */
const outgoing = (threadId: string, authorId: string, toId: string, body: string, extra: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id: newId(),
  threadId,
  authorId,
  toId,
  body,
  replyTo: null,
  files: [],
  now: T0,
  ...extra,
});

/** Sends through the author's mailbox and answers the stored message (fails the test on `replyElsewhere`). */
async function sent(message: OutgoingMessage): Promise<StoredMessage> {
  const answer = await inbox.of(message.authorId).send(message);
  if ('error' in answer) throw new Error(`send answered ${answer.error}`);
  return answer.message;
}

const filesOf = (row: { msg_files: string | null }): MessageFile[] => JSON.parse(row.msg_files ?? '[]');
const idsOf = (rows: Array<StoredMessage | StoredThread>) => rows.map((row) => ('t_id' in row ? row.t_id : row.msg_id));
/** A thread's messages in the member's mailbox, newest first (no marking). */
const messagesOf = async (userId: string, threadId: string) => (await inbox.of(userId).messages(threadId, null, 100, null)).rows;

describe('sending between two mailboxes', () => {
  it('leaves the message out of the recipient’s mailbox until the flush, then stores it there once, however often it comes', async () => {
    const { a, b, threadId } = pair();
    const files = [fileOf('one.png'), fileOf('two.pdf', { mime: 'application/pdf', width: null, height: null })];
    const answer = await inbox.of(a).send(outgoing(threadId, a, b, 'Hello B', { files, now: at(1) }));
    if ('error' in answer) throw new Error(answer.error);
    const id = answer.message.msg_id;
    expect(answer.message).toMatchObject({ msg_author: a, msg_to: b, msg_body: 'Hello B', msg_read: 0, msg_created: at(1), msg_deleted: null });
    expect(filesOf(answer.message)).toEqual(files);
    expect(answer.mine).toMatchObject({ t_id: threadId, other_id: b, t_unread: 0, msg_id: id, t_updated: at(1) });
    expect(answer.theirs).toMatchObject({ t_id: threadId, other_id: a, t_unread: 1, msg_id: id });

    const recipient = inbox.of(b);
    expect(await recipient.message(id)).toBeNull();
    expect(await recipient.thread(threadId, [])).toBeNull();
    expect(await recipient.list('all', 20, 0, [])).toEqual({ rows: [], total: 0 });
    expect(await recipient.unreadTotal([])).toBe(0);

    expect(await inbox.of(a).flush()).toBe(0);
    const check = async () => {
      expect(await recipient.message(id)).toEqual({ thread_id: threadId, author_id: a, to_id: b, body: 'Hello B', deleted_at: null, created_at: at(1), files: 2 });
      const rows = await messagesOf(b, threadId);
      expect(idsOf(rows)).toEqual([id]);
      expect(rows[0]).toMatchObject({ msg_author: a, msg_to: b, msg_created: at(1), msg_read: 0 });
      expect(filesOf(rows[0]!)).toEqual(files);
      expect(await recipient.thread(threadId, [])).toMatchObject({ t_id: threadId, other_id: a, t_unread: 1, msg_id: id, msg_body: 'Hello B' });
      const list = await recipient.list('all', 20, 0, []);
      expect(list.total).toBe(1);
      expect(idsOf(list.rows)).toEqual([threadId]);
      expect(await recipient.unreadTotal([])).toBe(1);
      expect(await recipient.others()).toEqual([a]);
    };
    await check();
    // A second flush has nothing left to send, and the same delivery applied again (twice in one call) changes nothing.
    expect(await inbox.of(a).flush()).toBe(0);
    await check();
    const copy: MessageCopy = { id, author_id: a, to_id: b, body: 'Hello B', reply_to_id: null, read: 0, created_at: at(1), deleted_at: null };
    const delivery: Delivery = { kind: 'message', threadId, message: copy, files };
    await stubOf(b).apply([delivery, delivery]);
    await check();
  });

  it('counts a message sent already read (an accepted request’s text) unread for no one', async () => {
    const { a, b, threadId } = pair();
    const answer = await inbox.of(a).send(outgoing(threadId, a, b, 'the request’s text', { read: true }));
    expect(answer).toMatchObject({ message: { msg_read: 1 }, theirs: { t_unread: 0 } });
    await inbox.of(a).flush();
    expect(await inbox.of(b).thread(threadId, [])).toMatchObject({ t_unread: 0, msg_read: 1 });
    expect(await inbox.of(b).unreadTotal([])).toBe(0);
    expect((await inbox.of(b).list('unread', 20, 0, [])).total).toBe(0);
  });

  it('delivers every message of sends flushed at once, each once and in order', async () => {
    const { a, b, threadId } = pair();
    const bodies = ['one', 'two', 'three', 'four', 'five'];
    const waiting = await Promise.all(bodies.map(async (body) => [await sent(outgoing(threadId, a, b, body)), await inbox.of(a).flush()] as const));
    expect(waiting.map(([, left]) => left)).toEqual([0, 0, 0, 0, 0]);
    const rows = await messagesOf(b, threadId);
    expect(rows.map((row) => row.msg_body).sort()).toEqual([...bodies].sort());
    expect(idsOf(rows)).toEqual(idsOf(await messagesOf(a, threadId)));
    expect(await inbox.of(b).thread(threadId, [])).toMatchObject({ t_unread: 5 });
  });

  it('keeps a delivery the other mailbox refused for the retry, still delivering to the others, and answers how many wait', async () => {
    const { a, b, threadId } = pair();
    const c = newId();
    // A change the recipient cannot store (no body): its apply fails.
    await runInDurableObject(stubOf(a), (_mailbox, state) => {
      const broken = {
        kind: 'message',
        threadId,
        message: { id: newId(), author_id: a, to_id: b, body: null, reply_to_id: null, read: 0, created_at: T0, deleted_at: null },
        files: [],
      };
      state.storage.sql.exec('INSERT INTO outbox (member_id, delivery) VALUES (?, ?)', b, JSON.stringify(broken));
    });
    const toB = await sent(outgoing(threadId, a, b, 'after the broken one', { now: at(1) }));
    const toC = await sent(outgoing(newId(), a, c, 'to C', { now: at(1) }));
    expect(await inbox.of(a).flush()).toBe(2);
    expect(await inbox.of(c).message(toC.msg_id)).not.toBeNull();
    // B's changes wait together, in order: none is applied past the one that failed.
    expect(await inbox.of(b).message(toB.msg_id)).toBeNull();
    expect(await inbox.of(a).flush()).toBe(2);
    await runInDurableObject(stubOf(a), (_mailbox, state) => {
      state.storage.sql.exec('DELETE FROM outbox WHERE seq = (SELECT min(seq) FROM outbox)');
    });
    expect(await inbox.of(a).flush()).toBe(0);
    expect(await inbox.of(b).message(toB.msg_id)).not.toBeNull();
  });

  it('leaves the delivery to the alarm when no flush comes', async () => {
    const { a, b, threadId } = pair();
    const message = await sent(outgoing(threadId, a, b, 'left to the alarm'));
    expect(await runDurableObjectAlarm(stubOf(a))).toBe(true);
    expect(await inbox.of(b).message(message.msg_id)).toMatchObject({ body: 'left to the alarm' });
    expect(await inbox.of(a).flush()).toBe(0);
  });

  it('keeps the order of messages sent within one millisecond, and after a later clock’s message', async () => {
    const { a, b, threadId } = pair();
    const first = await sent(outgoing(threadId, a, b, 'first', { now: at(1) }));
    const second = await sent(outgoing(threadId, a, b, 'second', { now: at(1) }));
    // A clock behind the thread's newest message still writes after it.
    const third = await sent(outgoing(threadId, a, b, 'third', { now: at(0) }));
    const plusMs = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
    expect([first.msg_created, second.msg_created, third.msg_created]).toEqual([at(1), plusMs(at(1), 1), plusMs(at(1), 2)]);
    await inbox.of(a).flush();
    for (const member of [a, b]) {
      const rows = await messagesOf(member, threadId);
      expect(rows.map((row) => row.msg_body)).toEqual(['third', 'second', 'first']);
      expect(rows.map((row) => row.msg_created)).toEqual([third.msg_created, second.msg_created, first.msg_created]);
    }
  });

  it('refuses a reply to a message of another thread and stores nothing', async () => {
    const { a, b, threadId } = pair();
    const c = newId();
    const otherThread = newId();
    const elsewhere = await sent(outgoing(otherThread, a, c, 'to C'));
    const hello = await sent(outgoing(threadId, a, b, 'to B'));
    await inbox.of(a).flush();
    const reply = outgoing(threadId, a, b, 'quoting C', { replyTo: elsewhere.msg_id, now: at(5) });
    expect(await inbox.of(a).send(reply)).toEqual({ error: 'replyElsewhere' });
    expect(await inbox.of(a).message(reply.id)).toBeNull();
    expect(idsOf(await messagesOf(a, threadId))).toEqual([hello.msg_id]);
    expect(await inbox.of(a).thread(threadId, [])).toMatchObject({ msg_id: hello.msg_id, t_updated: T0 });
    expect(await inbox.of(a).flush()).toBe(0);
    expect(idsOf(await messagesOf(b, threadId))).toEqual([hello.msg_id]);
    expect(await inbox.of(b).unreadTotal([])).toBe(1);
    // A reply quoting a message of its own thread goes.
    const quoting = await sent(outgoing(threadId, a, b, 'quoting B', { replyTo: hello.msg_id, now: at(6) }));
    expect(quoting).toMatchObject({ q_id: hello.msg_id, q_author: a, q_body: 'to B', q_files: 0 });
  });

  it('makes no thread when a reply to another thread’s message is refused in a new one', async () => {
    const { a, b, threadId } = pair();
    const elsewhere = await sent(outgoing(newId(), a, newId(), 'to C'));
    expect(await inbox.of(a).send(outgoing(threadId, a, b, 'quoting C', { replyTo: elsewhere.msg_id }))).toEqual({ error: 'replyElsewhere' });
    expect(await inbox.of(a).threadWith(b)).toBeNull();
    expect(await inbox.of(a).others()).not.toContain(b);
  });

  it('keeps the same preview in both mailboxes when the two members write in the same millisecond', async () => {
    const { a, b, threadId } = pair();
    // Each mailbox stores its own message first; the other's comes with the same time.
    const fromA = await sent(outgoing(threadId, a, b, 'from A', { now: at(1) }));
    const fromB = await sent(outgoing(threadId, b, a, 'from B', { now: at(1) }));
    await Promise.all([inbox.of(a).flush(), inbox.of(b).flush()]);
    const newest = [fromA, fromB].sort((x, y) => y.msg_id.localeCompare(x.msg_id))[0]!.msg_id;
    for (const member of [a, b]) {
      expect(idsOf(await messagesOf(member, threadId))[0]).toBe(newest);
      expect((await inbox.of(member).thread(threadId, []))!.msg_id, `the preview in ${member === a ? 'A' : 'B'}’s mailbox`).toBe(newest);
    }
  });
  it('keeps the same preview in both mailboxes when a later message was deleted before an earlier one arrived', async () => {
    const { a, b, threadId } = pair();
    const first = await sent(outgoing(threadId, a, b, 'first', { now: at(1) }));
    await inbox.of(a).flush();
    // A writes at 2; before it reaches B, B writes at 3 and deletes it.
    const second = await sent(outgoing(threadId, a, b, 'second', { now: at(2) }));
    const third = await sent(outgoing(threadId, b, a, 'third', { now: at(3) }));
    expect(await inbox.of(b).deleteOwn(third.msg_id, b, at(4))).toMatchObject({ already: false });
    await inbox.of(b).flush();
    expect((await inbox.of(b).thread(threadId, []))!.msg_id).toBe(first.msg_id);
    await inbox.of(a).flush();
    for (const member of [a, b]) {
      const thread = (await inbox.of(member).thread(threadId, []))!;
      expect(thread.msg_id, `the preview in ${member === a ? 'A' : 'B'}’s mailbox`).toBe(second.msg_id);
      // The thread keeps its place in the list: the time of its latest activity.
      expect(thread.t_updated).toBe(at(3));
    }
  });
});

describe('reading a thread', () => {
  it('marks the reader’s unread messages read, answers how many and the unread total, and sends the receipt', async () => {
    const { a, b, threadId } = pair();
    const c = newId();
    const one = await sent(outgoing(threadId, a, b, 'one', { now: at(1) }));
    const two = await sent(outgoing(threadId, a, b, 'two', { now: at(2) }));
    const mine = await sent(outgoing(threadId, b, a, 'mine', { now: at(3) }));
    await sent(outgoing(newId(), c, b, 'from C', { now: at(4) }));
    await Promise.all([inbox.of(a).flush(), inbox.of(c).flush()]);
    // Sent but not yet in B's mailbox when B reads: the receipt must not cover it.
    const late = await sent(outgoing(threadId, a, b, 'late', { now: at(5) }));
    expect(await inbox.of(b).unreadTotal([])).toBe(3);

    const page = await inbox.of(b).messages(threadId, null, 10, { readerId: b, hidden: [] });
    expect(page.marked).toBe(2);
    expect(page.unreadTotal).toBe(1);
    expect(idsOf(page.rows)).toEqual([mine.msg_id, two.msg_id, one.msg_id]);
    expect(page.rows.map((row) => row.msg_read)).toEqual([0, 1, 1]);
    expect(await inbox.of(b).thread(threadId, [])).toMatchObject({ t_unread: 0 });
    // The hidden member's unread messages are left out of the total.
    expect((await inbox.of(b).messages(threadId, null, 10, { readerId: b, hidden: [c] })).unreadTotal).toBe(0);

    // A's copies learn it with B's flush (which brings B's own message too), not before; the message B had not got stays unread.
    const readFlags = async () => Object.fromEntries((await messagesOf(a, threadId)).map((row) => [row.msg_body, row.msg_read]));
    expect(await readFlags()).toEqual({ one: 0, two: 0, late: 0 });
    expect(await inbox.of(b).flush()).toBe(0);
    expect(await readFlags()).toEqual({ one: 1, two: 1, mine: 0, late: 0 });

    // Once it comes, it is B's one unread message; reading again marks only it.
    await inbox.of(a).flush();
    expect(await inbox.of(b).thread(threadId, [])).toMatchObject({ t_unread: 1, msg_id: late.msg_id });
    expect((await inbox.of(b).messages(threadId, null, 10, { readerId: b, hidden: [] })).marked).toBe(1);
    await inbox.of(b).flush();
    expect((await readFlags()).late).toBe(1);
    // Nothing unread: nothing marked, no receipt.
    expect(await inbox.of(b).messages(threadId, null, 10, { readerId: b, hidden: [] })).toMatchObject({ marked: 0, unreadTotal: 1 });
  });

  it('pages backwards from a message, also past messages of the same time', async () => {
    const owner = newId();
    const other = newId();
    const threadId = newId();
    // Two messages of one millisecond (one from each side), ordered by id.
    const [low, high, next] = ['1', '2', '3'].map((digit) => digit.padStart(24, '0')) as [string, string, string];
    await inbox.of(owner).importRows({
      threads: [{ id: threadId, other_id: other, created_at: T0 }],
      messages: [
        { id: low, thread_id: threadId, author_id: other, to_id: owner, body: 'low', reply_to_id: null, read: 1, created_at: at(1) },
        { id: high, thread_id: threadId, author_id: owner, to_id: other, body: 'high', reply_to_id: null, read: 1, created_at: at(1) },
        { id: next, thread_id: threadId, author_id: other, to_id: owner, body: 'next', reply_to_id: null, read: 1, created_at: at(2) },
      ],
    });
    const box = inbox.of(owner);
    expect(idsOf((await box.messages(threadId, null, 2, null)).rows)).toEqual([next, high]);
    expect(idsOf((await box.messages(threadId, high, 2, null)).rows)).toEqual([low]);
    expect(idsOf((await box.messages(threadId, next, 10, null)).rows)).toEqual([high, low]);
    expect(idsOf((await box.messages(threadId, low, 10, null)).rows)).toEqual([]);
  });
});

describe('deleting one’s own message', () => {
  it('empties the author’s copy at once and the recipient’s with the flush, recounting their unread messages and moving the preview', async () => {
    const { a, b, threadId } = pair();
    const older = await sent(outgoing(threadId, a, b, 'older', { now: at(1) }));
    const files = [fileOf('a.png'), fileOf('b.png')];
    const target = await sent(outgoing(threadId, a, b, 'to delete', { now: at(2), files }));
    await inbox.of(a).flush();
    expect(await inbox.of(b).thread(threadId, [])).toMatchObject({ t_unread: 2, msg_id: target.msg_id });

    // Only its author deletes it, and only in their mailbox.
    expect(await inbox.of(b).deleteOwn(target.msg_id, b, at(3))).toBeNull();
    expect(await inbox.of(a).deleteOwn(target.msg_id, b, at(3))).toBeNull();
    expect(await inbox.of(a).deleteOwn(target.msg_id, a, at(3))).toEqual({ thread_id: threadId, to_id: b, body: 'to delete', files: 2, already: false });
    expect(await inbox.of(a).message(target.msg_id)).toMatchObject({ body: '', deleted_at: at(3) });
    const [aCopy] = await messagesOf(a, threadId);
    expect(aCopy).toMatchObject({ msg_id: target.msg_id, msg_body: '', msg_deleted: at(3) });
    expect(filesOf(aCopy!)).toEqual([]);
    expect(await inbox.of(a).thread(threadId, [])).toMatchObject({ msg_id: older.msg_id });
    expect(await inbox.of(a).deleteOwn(target.msg_id, a, at(4))).toMatchObject({ already: true, files: 0 });
    expect(await inbox.of(a).message(target.msg_id)).toMatchObject({ deleted_at: at(3) });

    // B's copy is whole until A's flush.
    expect(await inbox.of(b).message(target.msg_id)).toMatchObject({ body: 'to delete', deleted_at: null });
    expect(await inbox.of(a).flush()).toBe(0);
    expect(await inbox.of(b).message(target.msg_id)).toMatchObject({ body: '', deleted_at: at(3) });
    const [bCopy] = await messagesOf(b, threadId);
    expect(bCopy).toMatchObject({ msg_id: target.msg_id, msg_body: '', msg_deleted: at(3) });
    expect(filesOf(bCopy!)).toEqual([]);
    expect(await inbox.of(b).thread(threadId, [])).toMatchObject({ t_unread: 1, msg_id: older.msg_id, msg_body: 'older' });
    expect(await inbox.of(b).unreadTotal([])).toBe(1);
  });

  it('leaves a message deleted and unread 0 when its deletion comes before it', async () => {
    const { a, b, threadId } = pair();
    const id = newId();
    const copy: MessageCopy = { id, author_id: a, to_id: b, body: 'secret', reply_to_id: null, read: 0, created_at: at(1), deleted_at: null };
    const box = stubOf(b);
    await box.apply([{ kind: 'deleted', threadId, message: { ...copy, body: '', deleted_at: at(2) } }]);
    await box.apply([{ kind: 'message', threadId, message: copy, files: [fileOf('late.png')] }]);
    expect(await inbox.of(b).message(id)).toEqual({ thread_id: threadId, author_id: a, to_id: b, body: '', deleted_at: at(2), created_at: at(1), files: 0 });
    const [row] = await messagesOf(b, threadId);
    expect(filesOf(row!)).toEqual([]);
    expect(await inbox.of(b).thread(threadId, [])).toMatchObject({ other_id: a, t_unread: 0 });
    expect(await inbox.of(b).unreadTotal([])).toBe(0);
  });
});

describe('the thread list', () => {
  it('filters all, unread and read threads, newest message first, pages them and leaves the hidden members out', async () => {
    const owner = newId();
    // Five members write once each, a minute apart; two more write in one same minute.
    const others = Array.from({ length: 5 }, () => newId());
    const threads = others.map(() => newId());
    for (const [i, other] of others.entries()) {
      await sent(outgoing(threads[i]!, other, owner, `from ${i}`, { now: at(i) }));
      await inbox.of(other).flush();
    }
    // The owner reads threads 1 and 3; thread 4 gets a second message.
    for (const i of [1, 3]) await inbox.of(owner).messages(threads[i]!, null, 10, { readerId: owner, hidden: [] });
    await sent(outgoing(threads[4]!, others[4]!, owner, 'again', { now: at(4) }));
    await inbox.of(others[4]!).flush();
    // A thread without messages stays out.
    await inbox.of(owner).ensureThread(newId(), newId(), at(20));

    const box = inbox.of(owner);
    const list = async (...args: Parameters<typeof box.list>) => {
      const page = await box.list(...args);
      return { ids: idsOf(page.rows), total: page.total };
    };
    const [t0, t1, t2, t3, t4] = threads as [string, string, string, string, string];
    expect(await list('all', 20, 0, [])).toEqual({ ids: [t4, t3, t2, t1, t0], total: 5 });
    expect(await list('unread', 20, 0, [])).toEqual({ ids: [t4, t2, t0], total: 3 });
    expect(await list('read', 20, 0, [])).toEqual({ ids: [t3, t1], total: 2 });
    expect(await list('all', 2, 0, [])).toEqual({ ids: [t4, t3], total: 5 });
    expect(await list('all', 2, 2, [])).toEqual({ ids: [t2, t1], total: 5 });
    expect(await list('all', 2, 4, [])).toEqual({ ids: [t0], total: 5 });
    expect(await list('unread', 1, 1, [])).toEqual({ ids: [t2], total: 3 });
    expect(await list('all', 20, 0, [others[4]!, others[1]!])).toEqual({ ids: [t3, t2, t0], total: 3 });
    expect(await list('unread', 20, 0, [others[4]!])).toEqual({ ids: [t2, t0], total: 2 });

    const [first] = (await box.list('all', 1, 0, [])).rows;
    expect(first).toMatchObject({ t_id: t4, other_id: others[4], t_unread: 2, msg_body: 'again' });
    expect(await box.unreadTotal([])).toBe(4);
    expect(await box.unreadTotal([others[4]!])).toBe(2);
    expect(await box.thread(t4, [others[4]!])).toBeNull();
  });

  it('orders threads of the same time by the other member', async () => {
    const owner = newId();
    const [low, high] = ['1'.repeat(24), 'f'.repeat(24)].map((prefix) => prefix.slice(0, 12) + newId().slice(12));
    const threads = { low: newId(), high: newId() };
    await sent(outgoing(threads.low, low!, owner, 'low', { now: at(1) }));
    await sent(outgoing(threads.high, high!, owner, 'high', { now: at(1) }));
    await Promise.all([inbox.of(low!).flush(), inbox.of(high!).flush()]);
    expect(idsOf((await inbox.of(owner).list('all', 20, 0, [])).rows)).toEqual([threads.high, threads.low]);
  });
});

describe('account deletion, export and import', () => {
  it('hands an erased member’s side to the stand-in: the thread, authors and recipients, mentions; their files go', async () => {
    const { a: x, b: owner, threadId } = pair();
    const standIn = newId();
    const y = newId();
    const otherThread = newId();
    const xFiles = [fileOf('x.png')];
    const ownerFiles = [fileOf('mine.png')];
    const fromX = await sent(outgoing(threadId, x, owner, 'here is the deck', { now: at(1), files: xFiles }));
    await inbox.of(x).flush();
    const reply = await sent(outgoing(threadId, owner, x, `Thanks @[X](${x}) and again @[X](${x})`, { now: at(2), files: ownerFiles, replyTo: fromX.msg_id }));
    const toY = await sent(outgoing(otherThread, owner, y, `Ask @[X](${x})`, { now: at(3) }));
    // Waiting for the erased member: never delivered.
    const pending = await sent(outgoing(threadId, owner, x, 'unsent', { now: at(4) }));

    expect(await inbox.of(owner).replaceMember(x, standIn)).toBe(3);
    expect(await inbox.of(owner).others()).toEqual([standIn, y].sort());
    expect(await inbox.of(owner).threadWith(x)).toBeNull();
    expect(await inbox.of(owner).threadWith(standIn)).toMatchObject({ id: threadId, has_history: 1 });
    expect(await inbox.of(owner).thread(threadId, [])).toMatchObject({ other_id: standIn });
    expect(await inbox.of(owner).message(fromX.msg_id)).toMatchObject({ author_id: standIn, to_id: owner, body: 'here is the deck' });
    expect(await inbox.of(owner).message(reply.msg_id)).toMatchObject({
      author_id: owner,
      to_id: standIn,
      body: `Thanks @[Deleted member](${standIn}) and again @[Deleted member](${standIn})`,
    });
    expect(await inbox.of(owner).message(toY.msg_id)).toMatchObject({ to_id: y, body: `Ask @[Deleted member](${standIn})` });
    const rows = Object.fromEntries((await messagesOf(owner, threadId)).map((row) => [row.msg_id, row]));
    expect(filesOf(rows[fromX.msg_id]!)).toEqual([]);
    expect(filesOf(rows[reply.msg_id]!)).toEqual(ownerFiles);
    expect(rows[reply.msg_id]).toMatchObject({ q_author: standIn, q_files: 0 });

    // What waited for the erased member never goes; what waited for another member still does.
    expect(await inbox.of(owner).flush()).toBe(0);
    expect(await inbox.of(x).message(pending.msg_id)).toBeNull();
    expect(await inbox.of(y).message(toY.msg_id)).toMatchObject({ author_id: owner, to_id: y });
  });

  it('exports the owner’s threads, the messages they wrote and those messages’ files', async () => {
    const { a: owner, b: other, threadId } = pair();
    const files = [fileOf('first.png'), fileOf('second.pdf', { mime: 'application/pdf', width: null, height: null })];
    const one = await sent(outgoing(threadId, owner, other, 'one', { now: at(1), files }));
    const two = await sent(outgoing(threadId, owner, other, 'two', { now: at(2) }));
    await inbox.of(owner).flush();
    await inbox.of(other).messages(threadId, null, 10, { readerId: other, hidden: [] });
    await inbox.of(other).flush();
    await sent(outgoing(threadId, other, owner, 'theirs', { now: at(4), files: [fileOf('theirs.png')] }));
    await inbox.of(other).flush();

    const exported = await inbox.of(owner).exportRows(owner);
    expect(exported.threads).toEqual([{ id: threadId, other_id: other, unread_count: 1, last_message_at: at(4), created_at: at(1), received: 1 }]);
    expect(exported.written).toEqual([
      { id: one.msg_id, thread_id: threadId, to_id: other, body: 'one', reply_to_id: null, read: 1, deleted_at: null, created_at: at(1) },
      { id: two.msg_id, thread_id: threadId, to_id: other, body: 'two', reply_to_id: null, read: 1, deleted_at: null, created_at: at(2) },
    ]);
    expect(exported.files).toEqual(files.map((file, position) => ({ ...file, message_id: one.msg_id, position })));
  });

  it('is empty until a message, and wiped it is empty again and still answers', async () => {
    const { a, b, threadId } = pair();
    expect(await inbox.of(a).isEmpty()).toBe(true);
    await inbox.of(a).ensureThread(threadId, b, T0);
    expect(await inbox.of(a).isEmpty()).toBe(true);
    // Unsent when wiped: the copy never leaves.
    const message = await sent(outgoing(threadId, a, b, 'hello'));
    expect(await inbox.of(a).isEmpty()).toBe(false);

    await inbox.of(a).wipe();
    expect(await inbox.of(a).isEmpty()).toBe(true);
    expect(await inbox.of(a).others()).toEqual([]);
    expect(await inbox.of(a).list('all', 20, 0, [])).toEqual({ rows: [], total: 0 });
    expect(await inbox.of(a).flush()).toBe(0);
    expect(await inbox.of(b).message(message.msg_id)).toBeNull();
    // A late call finds the tables.
    await sent(outgoing(threadId, a, b, 'after'));
    expect(await inbox.of(a).isEmpty()).toBe(false);
  });

  it('imports threads and messages once, counting unread only the other member’s unread messages', async () => {
    const owner = newId();
    const other = newId();
    const threadId = newId();
    const message = (author: string, read: number, minute: number) => ({
      id: newId(),
      thread_id: threadId,
      author_id: author,
      to_id: author === owner ? other : owner,
      body: `${author === owner ? 'mine' : 'theirs'} at ${minute}`,
      reply_to_id: null,
      read,
      created_at: at(minute),
    });
    const rows = {
      threads: [{ id: threadId, other_id: other, created_at: T0 }],
      // Out of order on purpose: the newest becomes the preview whatever the order given.
      messages: [message(other, 0, 3), message(owner, 0, 4), message(other, 1, 1), message(other, 0, 2)],
    };
    for (let round = 0; round < 2; round++) {
      expect(await inbox.of(owner).importRows(rows)).toBe(4);
      expect(await inbox.of(owner).thread(threadId, [])).toMatchObject({ other_id: other, t_unread: 2, msg_body: 'mine at 4', t_updated: at(4) });
      expect(await inbox.of(owner).unreadTotal([])).toBe(2);
      expect((await messagesOf(owner, threadId)).map((row) => row.msg_body)).toEqual(['mine at 4', 'theirs at 3', 'theirs at 2', 'theirs at 1']);
    }
  });
});
