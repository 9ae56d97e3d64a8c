import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectedPair } from '../../test/connections';
import { recordingEmitter } from '../../test/live';
import { fixedClock } from '../clock';
import { newId } from '../db/ids';
import type { NotificationBox, NotificationStores } from '../ports/notifications';
import { OUTBOX_GRACE_MS, redeliverOutbox } from '../notifications/outbox';
import { notificationDeps, storedRows, testStores } from '../notifications/test-support';
import { deleteMessage } from './delete';
import type { MessageForm } from './message-form';
import { sendMessage } from './send';
import { INBOX_MESSAGES as M } from '../shared/inbox-messages';

const unavailable = () => Promise.reject(new Error('object unavailable'));
/** The recipient's object down for the calls named, the real one otherwise. */
function failingFor(methods: Array<keyof NotificationBox>): NotificationStores {
  const real = testStores();
  return { of: (id) => new Proxy(real.of(id), { get: (box, name) => (methods.includes(name as keyof NotificationBox) ? unavailable : Reflect.get(box, name)) }) };
}

const depsWith = (notifications: NotificationStores, at = new Date()) => ({
  ...notificationDeps(fixedClock(at)),
  notifications,
  live: recordingEmitter().emitter,
  media: env.MEDIA,
});
const form = (to: string, body: string): MessageForm => ({ body, to, connectionId: undefined, replyTo: undefined, media: [] });
const messageBodies = async (userId: string) => (await storedRows(userId)).filter((row) => row.kind === 'message.received').map((row) => row.body);
const cron = () => redeliverOutbox(notificationDeps(fixedClock(new Date(Date.now() + OUTBOX_GRACE_MS + 1000))));

describe('a deleted message in the recipient’s notification', () => {
  it('is never quoted by a notification delivered late, after the message was deleted', async () => {
    const { requester: a, receiver: b } = await connectedPair();
    // The send's own delivery fails: its outbox row waits for the cron.
    const sent = await sendMessage(depsWith(failingFor(['store', 'storeAndAnnounce'])), a.user.id, form(b.user.id, 'secret plans'));
    expect(await messageBodies(b.user.id)).toEqual([]);
    await deleteMessage(depsWith(testStores()), a.user.id, sent.message._id);
    await cron();
    expect(await messageBodies(b.user.id)).toEqual([M.deletedMessage]);
  });

  it('is rewritten by the cron when the object fails at the delete, which still answers and removes the files', async () => {
    const { requester: a, receiver: b } = await connectedPair();
    const sent = await sendMessage(depsWith(testStores()), a.user.id, form(b.user.id, 'regrettable words'));
    expect(await messageBodies(b.user.id)).toEqual(['regrettable words']);
    const key = `attachments/${newId()}.txt`;
    await env.MEDIA.put(key, 'file');
    await env.DB.prepare(
      "INSERT INTO attachments (id, owner_id, message_id, storage_key, name, mime, size, width, height, position, created_at) VALUES (?, ?, ?, ?, 'a.txt', 'text/plain', 4, NULL, NULL, 0, ?)",
    )
      .bind(newId(), a.user.id, sent.message._id, key, new Date().toISOString())
      .run();
    const answer = await deleteMessage(depsWith(failingFor(['rewriteBody'])), a.user.id, sent.message._id);
    expect(answer.deleted).toBe(true);
    expect(await env.MEDIA.head(key)).toBeNull();
    expect(await messageBodies(b.user.id)).toEqual(['regrettable words']);
    await cron();
    expect(await messageBodies(b.user.id)).toEqual([M.deletedMessage]);
    const db = notificationDeps().db;
    expect(await db.all(sql`SELECT id FROM notification_outbox WHERE user_id = ${b.user.id}`)).toEqual([]);
  });
});
