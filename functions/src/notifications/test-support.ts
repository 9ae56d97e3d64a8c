/**
 * Helpers for the notification tests: notifications stored for a member at chosen times,
 * the member's object read directly, and the routes called as a member.
 */
import { env } from 'cloudflare:workers';
import { bodyOf, call } from '../../test/api';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import type { StoredNotification } from '../ports/notifications';
import { notificationsBinding } from './notifications-binding';
import { inboxBinding } from '../inbox/inbox-binding';
import { storeNotification, type NotifyInput } from './notify';
import type { Notification, NotificationPage } from './schemas';

type Member = { user: { id: string }; jwt: string };

/** The notification stores of the test worker's binding. */
export const testStores = () => notificationsBinding(env.NOTIFICATION_STORE);

/** The notification deps of a test: D1, the stores (and the mailboxes a message's notification asks) and a clock. */
export const notificationDeps = (clock = fixedClock(new Date())) => ({ db: db(env), clock, notifications: testStores(), inbox: inboxBinding(env.INBOX_STORE) });

/** Every notification in the member's object, oldest first (what the tests once read from D1). */
export async function storedRows(userId: string): Promise<StoredNotification[]> {
  return testStores().of(userId).all();
}

/** Stores a `post.liked`-style notification for `to` from `from` (null: an account notice) at `at`. */
export async function storedFor(to: Pick<Member, 'user'>, from: Pick<Member, 'user'> | null, at: string, extra: Partial<NotifyInput> = {}): Promise<Notification> {
  const stored = await storeNotification(notificationDeps(fixedClock(new Date(at))), {
    userId: to.user.id,
    senderId: from?.user.id ?? null,
    kind: from ? 'post.liked' : 'account.changed',
    title: from ? 'Someone liked your post' : 'Your password was changed',
    body: `at ${at}`,
    link: '/post/a-post',
    refId: crypto.randomUUID(),
    ...extra,
  });
  if (!stored) throw new Error('nothing stored');
  return stored;
}

/** A notification route as `member` (or signed out). */
export const asMember = (member: Pick<Member, 'jwt'> | null, method: 'GET' | 'PATCH', path: string) =>
  call(method, `/notifications${path}`, undefined, member ? { token: member.jwt } : {});

/** The member's notifications page (fails the test when refused). */
export async function pageOf(member: Member, query = ''): Promise<NotificationPage> {
  const response = await asMember(member, 'GET', query ? `?${query}` : '');
  if (response.status !== 200) throw new Error(`GET /notifications answered ${response.status}: ${await response.text()}`);
  return bodyOf(response);
}

/** The member's unseen count through the route. */
export async function unseenOf(member: Member): Promise<number> {
  return (await bodyOf(await asMember(member, 'GET', '/unseen-count'))).count;
}
