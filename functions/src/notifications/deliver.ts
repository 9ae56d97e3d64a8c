/**
 * The one door through which the product tells a member anything (docs/architecture.md
 * "How a feature tells a member"). Every domain calls one of these; none reaches the live
 * emitter, the mailer, the notification outbox or the push of a notification itself
 * (functions/src/architecture.test.ts holds the rule).
 *
 * - `deliver`: a notification. Stored once in the member's object (the bell, and the digest's
 *   counts), sent live to their open tabs, pushed to their devices when no tab got it and its
 *   kind has a push preference the member leaves on push (push-notes.ts, push/send.ts), and
 *   mailed when the notice carries a mail (once: only when it was stored) and its kind's
 *   preference is email (a kind with no preference: always).
 * - `noticeInBatch` then `deliverBatched`: the same for an action whose notification must be
 *   as durable as the action (its outbox row goes in the action's D1 batch; outbox.ts).
 * - `rewriteInBatch` then `applyBatchedRewrite`: a stored notification's text changed with an action.
 * - `tellLive`, `endLiveSessions`: a live update that is no notification (counts, a thread, billing).
 * - `sendMail`: a mail that is no notification (sign-in links, account mails, missed-mail).
 */
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { Emits, LiveEmitter, SessionEndedReason, SessionScope } from '../ports/live';
import { users } from '../db/schema';
import type { MailMessage } from '../mail/mailer';
import type { MemberCard } from '../members/schemas';
import type { NotificationLiveEvents } from './live-events';
import { notify, storeInputOf, type NotificationDeps, type NotifyInput } from './notify';
import { applyRewrite, deliverOutboxed, outboxed, outboxedRewrite, type Outboxed, type Rewrite } from './outbox';
import { toNotification } from './wire';
import { channelFor } from '../push/preferences';
import { PREFERENCE_OF, pushNoteOf } from './push-notes';
import type { Notification } from './schemas';

export type { NotifyInput as Notice, Outboxed as BatchedNotice, Rewrite as NoticeRewrite };
/** The cron's redelivery of the batched notices a failed delivery left behind (outbox.ts). */
export { redeliverOutbox as redeliverBatchedNotices } from './outbox';

/** What `deliver` needs; a notice with a mail also needs the mailer. */
export type DeliveryDeps = NotificationDeps & Emits<NotificationLiveEvents>;

/**
 * What a batched delivery needs: its live `notification` event's body is the feature's (a
 * notice's text, or a message's thread as its receiver sees it), its notification null when
 * the event went out without one.
 */
export type BatchedDeliveryDeps = NotificationDeps & {
  live: LiveEmitter<{ notification: { title: string; body: unknown; userSender: MemberCard | null; notification: Notification | null } }>;
};

/** The mail a notice may carry: sent to the member's address once the notification was stored. */
export type NoticeMail = Omit<MailMessage, 'to'>;

/**
 * Delivers a notification (the module comment says through which channels). Answers it as
 * stored, or null when nothing was stored (its event id was told already, the sender is the
 * receiver, is gone or blocked either way): then nothing is sent, mailed or pushed. Throws
 * when the member's object fails; callers that must not fail log it.
 */
export async function deliver(deps: DeliveryDeps & Pick<Deps, 'mailer'>, notice: NotifyInput & { mail: NoticeMail }): Promise<Notification | null>;
export async function deliver(deps: DeliveryDeps, notice: NotifyInput & { mail?: undefined }): Promise<Notification | null>;
export async function deliver(deps: DeliveryDeps & Partial<Pick<Deps, 'mailer'>>, notice: NotifyInput & { mail?: NoticeMail }): Promise<Notification | null> {
  const { mail, ...input } = notice;
  const notification = await notify(deps, input);
  if (!notification || !mail || !deps.mailer) return notification;
  // A kind with a preference is mailed only to members who chose email for it (push: pushed instead).
  const preference = PREFERENCE_OF[input.kind];
  if (preference && (await channelFor(deps, input.userId, preference)) !== 'email') return notification;
  const [member] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  if (member) await deps.mailer.send({ ...mail, to: member.email });
  return notification;
}

/**
 * The outbox row of a notification for an action's own D1 batch (`statement`): once the batch
 * is stored, the notification is as durable as the action. `id` names the notification (a
 * message's notification takes the message's id). Deliver it with `deliverBatched`.
 */
export function noticeInBatch(notice: NotifyInput, at: string, id?: string): Outboxed {
  return outboxed(notice, at, id);
}

/**
 * How a batched notification is announced when the feature has its own `body` for the live
 * event (a message's thread as the receiver sees it; null: none to send) and its sender's card.
 */
export type BatchedAnnounce = { body: unknown | null; sender: MemberCard | null };

/**
 * After the action's batch: stores the notification in the member's object, sends it live
 * (pushed when no tab got it) and deletes the outbox row. A failure is logged and the row
 * stays for the cron (outbox.ts); the action stands.
 *
 * Without `announce`, the live event follows the write. With it, the member's object sends
 * the event itself before writing (one call between the batch and the frame); when the object
 * is not reached the event still goes out, without the notification.
 */
export async function deliverBatched(deps: BatchedDeliveryDeps, row: Outboxed, announce?: BatchedAnnounce): Promise<void> {
  if (!announce) return deliverThenAnnounce(deps, row);
  const { userId } = row.input;
  const box = deps.notifications.of(userId);
  const input = storeInputOf(row.input, row.at, row.id);
  let written: boolean;
  try {
    if (announce.body !== null) {
      const push = pushNoteOf(row.input, announce.sender);
      ({ written } = await box.storeAndAnnounce(userId, input, { title: row.input.title, body: announce.body, sender: announce.sender, push }));
    } else {
      await box.store(input);
      written = true;
    }
  } catch (error) {
    console.error(`notification ${row.id} left in the outbox`, error);
    if (announce.body !== null) await deps.live.emit(userId, 'notification', { title: row.input.title, body: announce.body, userSender: announce.sender, notification: null });
    return;
  }
  // Announced but not written: the cron stores it under the id the event named.
  if (!written) return;
  await deps.db.run(sql`DELETE FROM notification_outbox WHERE id = ${row.id}`);
}

async function deliverThenAnnounce(deps: BatchedDeliveryDeps, row: Outboxed): Promise<void> {
  let stored: Awaited<ReturnType<typeof deliverOutboxed>>;
  try {
    stored = await deliverOutboxed(deps, row);
  } catch (error) {
    console.error(`notification ${row.id} left in the outbox`, error);
    return;
  }
  if (!stored) return;
  const notification = toNotification(stored, row.input.userId, null);
  await deps.live.emit(row.input.userId, 'notification', { title: notification.title, body: notification.body, userSender: null, notification });
}

/** The outbox row of a change to a member's stored notifications' text (a deleted message's), for the action's batch. */
export function rewriteInBatch(rewrite: Rewrite, at: string): { id: string; statement: ReturnType<typeof outboxedRewrite>['statement'] } {
  return outboxedRewrite(rewrite, at);
}

/** After the batch: applies the rewrite to the member's object and deletes its row (throws; the cron retries). */
export function applyBatchedRewrite(deps: Pick<Deps, 'db' | 'clock' | 'notifications'>, id: string, rewrite: Rewrite): Promise<void> {
  return applyRewrite(deps, id, rewrite);
}

/** A live event that is no notification, to every open tab of the member (never throws: the emitter logs). */
export function tellLive<Events extends object, E extends keyof Events & string>(deps: Emits<Events>, userId: string, event: E, payload: Events[E]): Promise<void> {
  return deps.live.emit(userId, event, payload);
}

/** Closes the member's open tabs of the sessions in `scope`, telling each `reason` first (never throws). */
export function endLiveSessions(deps: Pick<Deps, 'live'>, userId: string, scope: SessionScope, reason: SessionEndedReason): Promise<void> {
  return deps.live.closeSessions(userId, scope, reason);
}

/** A mail that is no notification (a sign-in link, an account mail, the missed-mail); throws when sending fails. */
export function sendMail(deps: Pick<Deps, 'mailer'>, message: MailMessage): Promise<void> {
  return deps.mailer.send(message);
}
