/**
 * The unread-message mail: a conversation with a message unread for the configured delay
 * (config.unreadMailDelayMinutes, default 60) and no web push delivered for it sends the
 * member ONE mail per conversation per UTC day. The mail_log row (member, kind, conversation,
 * day) is claimed before the send, so a second run, or two runs at once, send nothing more;
 * a failed send gives the claim back for the next run.
 *
 * "No push delivered": push/send.ts records a device's last successful delivery
 * (push_subscriptions.last_success_at); a message counts as pushed when one of the member's
 * devices took a push at or after it was stored and the member wants messages by push. A
 * member who chose email for messages always gets the mail; one who chose off never does.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { unreadMessageMail } from './mails';
import { mailable, messagesChannel } from './reach';
import { listUnsubscribeHeaders, unsubscribeUrl } from './unsubscribe';

/** The cron of these mails (functions/wrangler.toml); every other cron runs the hourly jobs (index.ts). */
export const UNREAD_MAIL_CRON = '*/10 * * * *';

/** Only messages this recent are mailed about (a member back after months gets no backlog). */
const LOOKBACK_DAYS = 3;
/** Conversations read per query, and queries per run at most (the rest go on the next run). */
const BATCH = 200;
const MAX_PAGES = 10;

type UnreadRow = { user_id: string; email: string; first_name: string; thread_id: string; sender_name: string; unread: number };

export type MissedMailDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'config'>;

/** The UTC day of a moment, YYYY-MM-DD. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Sends the unread-message mails that are due; answers how many went out. */
export async function sendUnreadMessageMails(deps: MissedMailDeps, secret: string): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.config.unreadMailDelayMinutes * 60_000).toISOString();
  const floor = new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000).toISOString();
  const day = dayOf(now);
  // Each mailed (or claimed) conversation leaves the query through mail_log, so the next page is new.
  const page = () =>
    deps.db.all<UnreadRow>(sql`
    SELECT m.to_id AS user_id, u.email, u.first_name, m.thread_id,
      (SELECT a.first_name || ' ' || a.last_name FROM users a WHERE a.id = m.author_id) AS sender_name,
      count(*) AS unread
    FROM messages m JOIN users u ON u.id = m.to_id
    WHERE m.read = 0 AND m.deleted_at IS NULL AND m.created_at <= ${cutoff} AND m.created_at > ${floor}
      AND ${mailable('u', 'messages')}
      AND ${messagesChannel(sql`m.to_id`)} <> 'off'
      AND NOT (${messagesChannel(sql`m.to_id`)} = 'push'
        AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = m.to_id AND p.last_success_at >= m.created_at))
      AND NOT EXISTS (SELECT 1 FROM mail_log l WHERE l.user_id = m.to_id AND l.kind = 'unread-message' AND l.ref_id = m.thread_id AND l.day = ${day})
    GROUP BY m.to_id, m.thread_id
    LIMIT ${BATCH}`);
  let sent = 0;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const rows = await page();
    for (const row of rows) {
      const claim = await deps.db.run(sql`INSERT INTO mail_log (user_id, kind, ref_id, day, sent_at)
        VALUES (${row.user_id}, 'unread-message', ${row.thread_id}, ${day}, ${now.toISOString()}) ON CONFLICT DO NOTHING`);
      if (claim.meta.changes === 0) continue;
      try {
        await deps.mailer.send(
          unreadMessageMail({
            to: row.email,
            firstName: row.first_name,
            senderName: row.sender_name ?? 'A member',
            unread: row.unread,
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
