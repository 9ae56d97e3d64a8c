import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectedPair, someMembers } from '../../test/connections';
import { recordingEmitter } from '../../test/live';
import { fixedClock } from '../clock';
import { runBatch } from '../db/batch';
import { newId } from '../db/ids';
import type { NotificationBox, NotificationInput, NotificationStores } from '../ports/notifications';
import type { MessageForm } from '../inbox/message-form';
import { sendMessage } from '../inbox/send';
import { post } from '../../test/api';
import { deliverOutboxed, OUTBOX_GRACE_MS, outboxed, redeliverOutbox } from './outbox';
import { notificationDeps, storedRows, testStores } from './test-support';

const stores = testStores();
/** A member's object of its own (a fresh name: no other test writes to it). */
const fresh = () => stores.of(newId());

const input = (extra: Partial<NotificationInput> = {}): NotificationInput => ({
  id: newId(),
  senderId: 'a'.repeat(24),
  kind: 'post.liked',
  title: 'Someone liked your post',
  body: 'A post',
  link: '/post/a-post',
  refId: 'p1',
  at: '2026-03-01T10:00:00.000Z',
  ...extra,
});

describe('the MemberNotifications object', () => {
  it('collapses into the newest UNSEEN one of the same kind and refId, and adds a new one once it is seen', async () => {
    const box = fresh();
    const first = await box.store(input({ kind: 'message.received', refId: 't1', body: 'one', collapse: true }));
    const second = await box.store(input({ kind: 'message.received', refId: 't1', body: 'two', senderId: 'b'.repeat(24), collapse: true, at: '2026-03-01T10:05:00.000Z' }));
    expect(second).toMatchObject({ id: first!.id, body: 'two', sender_id: 'b'.repeat(24), created_at: '2026-03-01T10:05:00.000Z', is_seen: 0 });
    // Another thread, or no collapse, is a row of its own.
    await box.store(input({ kind: 'message.received', refId: 't2', collapse: true }));
    await box.store(input({ kind: 'message.received', refId: 't1' }));
    expect(await box.all()).toHaveLength(3);
    await box.markSeen(first!.id);
    const third = await box.store(input({ kind: 'message.received', refId: 't1', body: 'three', collapse: true }));
    expect(third!.id).not.toBe(first!.id);
  });

  it('applies an event id or a delivery id once, also in a collapsing store', async () => {
    const box = fresh();
    expect(await box.store(input({ eventId: 'event-1' }))).not.toBeNull();
    expect(await box.store(input({ eventId: 'event-1' }))).toBeNull();
    expect(await box.store(input({ refId: 'p2', deliveryId: 'delivery-1', collapse: true }))).not.toBeNull();
    expect(await box.store(input({ refId: 'p2', deliveryId: 'delivery-1', collapse: true, body: 'again' }))).toBeNull();
    const rows = await box.all();
    expect(rows.map((row) => row.body)).toEqual(['A post', 'A post']);
    // Stores racing with one event id store one row.
    const raced = await Promise.all(Array.from({ length: 5 }, () => box.store(input({ eventId: 'event-2' }))));
    expect(raced.filter(Boolean)).toHaveLength(1);
  });

  it('pages newest first with the total, leaving the hidden senders out of both', async () => {
    const box = fresh();
    const hidden = 'h'.repeat(24);
    for (let minute = 0; minute < 5; minute++) await box.store(input({ at: `2026-03-01T10:0${minute}:00.000Z`, body: `n${minute}` }));
    await box.store(input({ senderId: hidden, at: '2026-03-01T11:00:00.000Z', body: 'hidden' }));
    await box.store(input({ senderId: null, kind: 'account.changed', at: '2026-03-01T09:00:00.000Z', body: 'notice' }));
    const first = await box.page(2, 0, [hidden]);
    expect(first.total).toBe(6);
    expect(first.rows.map((row) => row.body)).toEqual(['n4', 'n3']);
    const last = await box.page(2, 4, [hidden]);
    expect(last.rows.map((row) => row.body)).toEqual(['n0', 'notice']);
    expect((await box.page(10, 0, [])).total).toBe(7);
  });

  it('marks one, a thread’s, or all seen, and counts the unseen by sender', async () => {
    const box = fresh();
    const a = await box.store(input({ refId: 'p1' }));
    await box.store(input({ kind: 'message.received', refId: 't1', senderId: 'b'.repeat(24) }));
    await box.store(input({ kind: 'account.changed', senderId: null, refId: null }));
    expect(await box.unseenBySender()).toEqual(
      expect.arrayContaining([
        { senderId: 'a'.repeat(24), n: 1 },
        { senderId: 'b'.repeat(24), n: 1 },
        { senderId: null, n: 1 },
      ]),
    );
    const { row, unseen } = await box.markSeen(a!.id);
    expect(row).toMatchObject({ id: a!.id, is_seen: 1 });
    expect(unseen).toHaveLength(2);
    expect((await box.markSeen(newId())).row).toBeNull();
    expect(await box.markRefSeen('message.received', 't1')).toEqual([{ senderId: null, n: 1 }]);
    expect(await box.markAllSeen()).toBe(1);
    expect(await box.unseenBySender()).toEqual([]);
  });

  it('rewrites a quoted body, forgets a sender, counts by kind since a time, and is empty once wiped', async () => {
    const box = fresh();
    await box.store(input({ kind: 'message.received', refId: 't1', body: 'secret' }));
    await box.store(input({ senderId: 'g'.repeat(24), at: '2026-03-02T10:00:00.000Z' }));
    expect(await box.rewriteBody('message.received', 't1', 'secret', 'This message was deleted')).toBe(1);
    expect((await box.all()).map((row) => row.body)).toContain('This message was deleted');
    expect(await box.countsSince('2026-03-01T12:00:00.000Z')).toEqual([{ kind: 'post.liked', senderId: 'g'.repeat(24), n: 1 }]);
    expect(await box.forgetSenders(['g'.repeat(24)])).toBe(1);
    await box.wipe();
    expect(await box.all()).toEqual([]);
    // The object keeps working after the wipe.
    expect(await box.store(input())).not.toBeNull();
  });

  it('imports rows in bulk, skipping ids it holds (the development route checks its body)', async () => {
    const userId = newId();
    const row = {
      id: newId(),
      sender_id: null,
      kind: 'account.changed',
      title: 'T',
      body: 'B',
      link: null,
      ref_id: null,
      is_seen: 0,
      event_id: null,
      created_at: '2026-03-01T10:00:00.000Z',
    };
    expect(await stores.of(userId).importRows([row, { ...row, id: newId(), is_seen: 1 }])).toBe(2);
    const answer = await post('/dev/notifications/import', { userId, rows: [row] });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ imported: 0 });
    expect((await post('/dev/notifications/import', { userId, rows: [{ ...row, kind: 'nope' }] })).status).toBe(400);
    expect(await storedRows(userId)).toHaveLength(2);
  });
});

describe('the notification outbox', () => {
  it('stores once however often a row is delivered, and the cron delivers what a failed request left', async () => {
    const [receiver] = await someMembers(1);
    const clock = fixedClock(new Date('2026-03-01T10:00:00Z'));
    const deps = notificationDeps(clock);
    const notice = { userId: receiver.user.id, senderId: null, kind: 'account.changed' as const, title: 'A warning', body: 'Be kind', link: null, refId: newId() };
    // The action's batch wrote the row; its delivery never happened (the request died).
    const left = outboxed(notice, clock.now().toISOString());
    await runBatch(deps.db, [left.statement]);
    await redeliverOutbox(deps); // within the grace the request may still deliver it
    expect(await deps.db.all(sql`SELECT id FROM notification_outbox WHERE id = ${left.id}`)).toEqual([{ id: left.id }]);
    clock.set(new Date(Date.parse('2026-03-01T10:00:00Z') + OUTBOX_GRACE_MS + 1000));
    expect(await redeliverOutbox(deps)).toBeGreaterThanOrEqual(1);
    expect((await storedRows(receiver.user.id)).filter((row) => row.title === 'A warning')).toHaveLength(1);
    expect(await deps.db.all(sql`SELECT id FROM notification_outbox WHERE id = ${left.id}`)).toEqual([]);
    // A late second delivery of the same row (the request racing the cron) stores nothing more.
    expect(await deliverOutboxed(deps, left)).toBeNull();
    expect((await storedRows(receiver.user.id)).filter((row) => row.title === 'A warning')).toHaveLength(1);
  });

  it('keeps a sent message’s notification in the outbox when the recipient’s object fails, and the cron delivers it', async () => {
    const { requester: a, receiver: b } = await connectedPair();
    // sendMessage asks the recipient's object to store (and announce) only.
    const unavailable = () => Promise.reject(new Error('object unavailable'));
    const failing: NotificationStores = { of: () => ({ store: unavailable, storeAndAnnounce: unavailable }) as unknown as NotificationBox };
    const live = recordingEmitter();
    const deps = { ...notificationDeps(), clock: fixedClock(new Date()), notifications: failing, live: live.emitter, media: env.MEDIA };
    const form: MessageForm = { body: 'still here', to: b.user.id, connectionId: undefined, replyTo: undefined, media: [] };
    const sent = await sendMessage(deps, a.user.id, form);
    expect(sent.message.body).toBe('still here');
    // The recipient still hears of the message, without a notification.
    expect(live.sent.find((event) => event.userId === b.user.id)).toMatchObject({ event: 'notification', payload: { notification: null } });
    expect((await storedRows(b.user.id)).filter((row) => row.kind === 'message.received')).toEqual([]);
    const left = await deps.db.all<{ id: string }>(sql`SELECT id FROM notification_outbox WHERE user_id = ${b.user.id}`);
    expect(left).toHaveLength(1);
    const later = notificationDeps(fixedClock(new Date(Date.now() + OUTBOX_GRACE_MS + 1000)));
    await redeliverOutbox(later);
    expect((await storedRows(b.user.id)).filter((row) => row.kind === 'message.received').map((row) => row.body)).toEqual(['still here']);
    expect(await deps.db.all(sql`SELECT id FROM notification_outbox WHERE user_id = ${b.user.id}`)).toEqual([]);
  });

  it('announces once when the write fails after the event, and the cron stores the id the event named', async () => {
    const { requester: a, receiver: b } = await connectedPair();
    const real = notificationDeps().notifications;
    let announced: unknown = null;
    // The object sends the event, then its write fails (as storeAndAnnounce answers it).
    const failingWrite: NotificationStores = {
      of: (userId) =>
        ({
          ...real.of(userId),
          storeAndAnnounce: async (_user: string, input: { id: string }) => {
            announced = input.id;
            return { row: null, written: false };
          },
        }) as unknown as NotificationBox,
    };
    const live = recordingEmitter();
    const deps = { ...notificationDeps(), clock: fixedClock(new Date()), notifications: failingWrite, live: live.emitter, media: env.MEDIA };
    const form: MessageForm = { body: 'announced once', to: b.user.id, connectionId: undefined, replyTo: undefined, media: [] };
    await sendMessage(deps, a.user.id, form);
    // The object already announced it: the worker sends no second New Message.
    expect(live.sent.filter((event) => event.userId === b.user.id && event.event === 'notification')).toEqual([]);
    const left = await deps.db.all<{ id: string }>(sql`SELECT id FROM notification_outbox WHERE user_id = ${b.user.id}`);
    expect(left).toHaveLength(1);
    expect(announced).toBe(left[0]!.id);
    await redeliverOutbox(notificationDeps(fixedClock(new Date(Date.now() + OUTBOX_GRACE_MS + 1000))));
    const stored = (await storedRows(b.user.id)).filter((row) => row.kind === 'message.received');
    expect(stored.map((row) => [row.id, row.body])).toEqual([[announced, 'announced once']]);
  });

  it('moves a row that cannot be delivered to the back of the queue', async () => {
    const [receiver] = await someMembers(1);
    const clock = fixedClock(new Date('2026-03-02T10:00:00Z'));
    const deps = notificationDeps(clock);
    const broken = newId();
    await deps.db.run(
      sql`INSERT INTO notification_outbox (id, user_id, payload, created_at) VALUES (${broken}, ${receiver.user.id}, ${'not json'}, ${'2026-03-02T09:00:00.000Z'})`,
    );
    await redeliverOutbox(deps);
    expect(await deps.db.all(sql`SELECT created_at FROM notification_outbox WHERE id = ${broken}`)).toEqual([{ created_at: clock.now().toISOString() }]);
    await deps.db.run(sql`DELETE FROM notification_outbox WHERE id = ${broken}`);
  });
});
