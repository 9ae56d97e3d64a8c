/**
 * The unread-message mail: a conversation with a message unread for the configured delay
 * (config.unreadMailDelayMinutes, default 60) and no web push delivered since sends the
 * member ONE mail per conversation per UTC day. The mail_log row (member, kind, conversation,
 * day) is claimed before the send, so a second run, or two runs at once, send nothing more;
 * a failed send gives the claim back for the next run.
 *
 * The messages are in the members' mailboxes (inbox/inbox-object.ts), which D1 cannot query, so
 * the candidates come from D1's `unread_threads`: the send path adds a row (member, thread,
 * sender, since the first unread message) unless there is one, reading the thread removes it.
 * The mail's count is the member's mailbox's unread count of that thread; when it is 0 (the
 * messages were read or deleted and the row outlived them) the row goes and no mail does.
 *
 * "No push delivered": push/send.ts records a device's last successful delivery
 * (push_subscriptions.last_success_at); a conversation counts as pushed when one of the
 * member's devices took a push at or after its first unread message and the member wants
 * messages by push. A member who chose email for messages always gets the mail; one who
 * chose off never does.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps';
import { blockedEitherWay } from '../members/blocks';
import { unreadMessageMail } from './mails';
import { mailable, messagesChannel } from './reach';
import { listUnsubscribeHeaders, unsubscribeUrl } from './unsubscribe';
import { sendMail } from '../notifications/deliver';

/** The cron of these mails (functions/wrangler.toml); every other cron runs the hourly jobs (index.ts). */
export const UNREAD_MAIL_CRON = '*/10 * * * *';

/**
 * Only conversations unread since this recently are mailed about (a member back after months
 * gets no backlog). A row keeps its first unread message's time; a message that comes when
 * that time is older than this moves it to the new message, so a conversation that goes on
 * while its member is away brings mail again.
 */
const LOOKBACK_DAYS = 3;
const LOOKBACK_MS = LOOKBACK_DAYS * 86_400_000;

/**
 * The send path's mark (inbox/send.ts): the recipient has unread messages in the thread since
 * `at`, unless an earlier unread one within the lookback already says so.
 */
export function unreadMark(mark: { recipientId: string; threadId: string; senderId: string; at: string }): SQL {
  const stale = new Date(Date.parse(mark.at) - LOOKBACK_MS).toISOString();
  return sql`INSERT INTO unread_threads (user_id, thread_id, sender_id, since) VALUES (${mark.recipientId}, ${mark.threadId}, ${mark.senderId}, ${mark.at})
    ON CONFLICT (user_id, thread_id) DO UPDATE SET since = excluded.since, sender_id = excluded.sender_id WHERE unread_threads.since <= ${stale}`;
}
/** Conversations read per query, and queries per run at most (the rest go on the next run). */
const BATCH = 200;
const MAX_PAGES = 10;

type UnreadRow = { user_id: string; email: string; first_name: string; thread_id: string; sender_id: string; sender_name: string | null };

/** What the missed-mail jobs (this mail and the digest) need. */
export type MissedMailDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'config'>;

/** This mail's: the members' mailboxes besides, for each conversation's unread count. */
export type UnreadMailDeps = MissedMailDeps & Pick<Deps, 'inbox'>;

/** The UTC day of a moment, YYYY-MM-DD. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The member's unread messages in the thread by their mailbox. At 0 the unread_threads row
 * goes; should a message come between the count and the delete (its send found the row and
 * added none), a second count puts the row back, since that message's time.
 */
async function unreadCount(deps: UnreadMailDeps, row: UnreadRow): Promise<number> {
  const box = deps.inbox.of(row.user_id);
  const unread = (await box.thread(row.thread_id, []))?.t_unread ?? 0;
  if (unread > 0) return unread;
  await deps.db.run(sql`DELETE FROM unread_threads WHERE user_id = ${row.user_id} AND thread_id = ${row.thread_id}`);
  const again = await box.thread(row.thread_id, []);
  if (again && again.t_unread > 0) {
    await deps.db.run(sql`INSERT INTO unread_threads (user_id, thread_id, sender_id, since)
      VALUES (${row.user_id}, ${row.thread_id}, ${row.sender_id}, ${again.t_updated}) ON CONFLICT DO NOTHING`);
  }
  return 0;
}

/** Sends the unread-message mails that are due; answers how many went out. */
export async function sendUnreadMessageMails(deps: UnreadMailDeps, secret: string): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.config.unreadMailDelayMinutes * 60_000).toISOString();
  const floor = new Date(now.getTime() - LOOKBACK_MS).toISOString();
  const day = dayOf(now);
  // Each mailed (or claimed) conversation leaves the query through mail_log, each one read or emptied meanwhile by its
  // row's deletion, so the next page is new.
  const page = () =>
    deps.db.all<UnreadRow>(sql`
    SELECT r.user_id, u.email, u.first_name, r.thread_id, r.sender_id,
      (SELECT a.first_name || ' ' || a.last_name FROM users a WHERE a.id = r.sender_id) AS sender_name
    FROM unread_threads r JOIN users u ON u.id = r.user_id
    WHERE r.since <= ${cutoff} AND r.since > ${floor}
      AND ${mailable('u', 'messages')}
      AND ${messagesChannel(sql`r.user_id`)} <> 'off'
      AND NOT (${messagesChannel(sql`r.user_id`)} = 'push'
        AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = r.user_id AND p.last_success_at >= r.since))
      AND NOT EXISTS (SELECT 1 FROM mail_log l WHERE l.user_id = r.user_id AND l.kind = 'unread-message' AND l.ref_id = r.thread_id AND l.day = ${day})
      AND NOT ${blockedEitherWay(sql`r.user_id`, sql`r.sender_id`)}
    LIMIT ${BATCH}`);
  let sent = 0;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const rows = await page();
    for (const row of rows) {
      let unread: number;
      try {
        unread = await unreadCount(deps, row);
      } catch (error) {
        // The row stays: the next run asks the mailbox again.
        console.error(`missed mail: the unread count of ${row.user_id}'s thread ${row.thread_id} failed`, error);
        continue;
      }
      if (unread === 0) continue;
      const claim = await deps.db.run(sql`INSERT INTO mail_log (user_id, kind, ref_id, day, sent_at)
        VALUES (${row.user_id}, 'unread-message', ${row.thread_id}, ${day}, ${now.toISOString()}) ON CONFLICT DO NOTHING`);
      if (claim.meta.changes === 0) continue;
      try {
        await sendMail(
          deps,
          unreadMessageMail({
            to: row.email,
            firstName: row.first_name,
            senderName: row.sender_name ?? 'A member',
            unread,
            threadUrl: `${deps.config.appUrl}/inbox?personalInbox=${encodeURIComponent(row.thread_id)}`,
            unsubscribeUrl: await unsubscribeUrl(deps.config.appUrl, secret, row.user_id, 'messages'),
            headers: await listUnsubscribeHeaders(deps.config.appUrl, secret, row.user_id, 'messages'),
          }),
        );
        sent++;
      } catch (error) {
        console.error(`missed mail: unread-message mail to ${row.user_id} failed`, error);
        await deps.db.run(sql`DELETE FROM mail_log WHERE user_id = ${row.user_id} AND kind = 'unread-message' AND ref_id = ${row.thread_id} AND day = ${day}`);
      }
    }
    if (rows.length < BATCH) break;
  }
  return sent;
}
