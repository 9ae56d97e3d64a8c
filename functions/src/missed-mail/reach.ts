/**
 * Who may get missed mail: a verified address, not suspended and no pending deletion (the
 * shared rule of members/listed.ts), and still on the list. The member's channel choice per
 * kind and digest frequency come from push/preferences (notification_channels,
 * notification_settings; a missing row is the default of push/kinds.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { isListed } from '../members/listed';
import { DEFAULT_CHANNEL, DEFAULT_DIGEST } from '../push/kinds';
import { type MailList, optedOut } from './unsubscribe';

/** True (in SQL) when the users row `alias` may be mailed for `list`. */
export function mailable(alias: string, list: MailList): SQL {
  const id = sql.raw(`${alias}.id`);
  return sql`(${sql.raw(alias)}.email_verified = 1 AND ${isListed(id)} AND NOT ${optedOut(id, list)})`;
}

/** The channel (push, email, off) the member in `userId` chose for messages, in SQL. */
export function messagesChannel(userId: SQL): SQL {
  return sql`COALESCE((SELECT c.channel FROM notification_channels c WHERE c.user_id = ${userId} AND c.kind = 'messages'), ${DEFAULT_CHANNEL})`;
}

/** The digest frequency (daily, weekly, off) of the member in `userId`, in SQL. */
export function digestFrequency(userId: SQL): SQL {
  return sql`COALESCE((SELECT s.digest FROM notification_settings s WHERE s.user_id = ${userId}), ${DEFAULT_DIGEST})`;
}
