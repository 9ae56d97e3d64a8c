/**
 * A member's notification preferences: per kind a channel (push, email or off) and the digest
 * frequency. A row exists once the member changed that choice; a missing row reads as the
 * default (kinds.ts). The missed-mail sender reads `channelFor` and
 * `digestOf` from here. `unsubscribed` lists the mail lists the member left by the link in a
 * mail (mail_opt_outs); choosing email for messages, or a daily or weekly digest, in settings
 * joins that list again, in the same batch as the choice. Turning the digest on or off is
 * also recorded as the digest consent given or withdrawn (consents/records.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { type mailLists, mailOptOuts, notificationChannels, notificationSettings } from '../db/schema';
import { type BatchStatement, runBatch } from '../db/batch';
import { recordConsent } from '../consents/records';
import { type Channel, DEFAULT_CHANNEL, DEFAULT_DIGEST, type DigestFrequency, PREFERENCE_KINDS, type PreferenceKind } from './kinds';

type MailList = (typeof mailLists)[number];
export type Preferences = { channels: Record<PreferenceKind, Channel>; digest: DigestFrequency; unsubscribed: MailList[] };

/** The member's preferences, defaults filled in. */
export async function readPreferences(deps: Pick<Deps, 'db'>, userId: string): Promise<Preferences> {
  const [rows, settings, optOuts] = await Promise.all([
    deps.db.select().from(notificationChannels).where(eq(notificationChannels.userId, userId)),
    deps.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
    deps.db.select({ list: mailOptOuts.list }).from(mailOptOuts).where(eq(mailOptOuts.userId, userId)).orderBy(mailOptOuts.list),
  ]);
  const channels = Object.fromEntries(PREFERENCE_KINDS.map((kind) => [kind, DEFAULT_CHANNEL])) as Record<PreferenceKind, Channel>;
  for (const row of rows) channels[row.kind] = row.channel;
  return { channels, digest: settings[0]?.digest ?? DEFAULT_DIGEST, unsubscribed: optOuts.map((row) => row.list) };
}

/** Whether the digest reaches the member: a frequency chosen and its list not left by a mail's link. */
function digestReaches(preferences: Preferences): boolean {
  return preferences.digest !== 'off' && !preferences.unsubscribed.includes('digest');
}

/** Changes some of the member's preferences (the others stay); answers them all. */
export async function savePreferences(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  change: { channels?: Partial<Record<PreferenceKind, Channel>>; digest?: DigestFrequency },
): Promise<Preferences> {
  const digestWasOn = change.digest ? digestReaches(await readPreferences(deps, userId)) : null;
  const statements: BatchStatement[] = Object.entries(change.channels ?? {}).map(
    ([kind, channel]) => sql`INSERT INTO notification_channels (user_id, kind, channel) VALUES (${userId}, ${kind}, ${channel})
      ON CONFLICT (user_id, kind) DO UPDATE SET channel = excluded.channel`,
  );
  if (change.digest) {
    statements.push(sql`INSERT INTO notification_settings (user_id, digest, updated_at) VALUES (${userId}, ${change.digest}, ${deps.clock.now().toISOString()})
      ON CONFLICT (user_id) DO UPDATE SET digest = excluded.digest, updated_at = excluded.updated_at`);
  }
  // Choosing mail again in settings undoes the unsubscribe link of that list.
  const rejoined: MailList[] = [];
  if (change.channels?.messages === 'email') rejoined.push('messages');
  if (change.digest === 'daily' || change.digest === 'weekly') rejoined.push('digest');
  for (const list of rejoined) statements.push(sql`DELETE FROM mail_opt_outs WHERE user_id = ${userId} AND list = ${list}`);
  const digestOn = change.digest ? change.digest !== 'off' : null;
  if (digestOn !== null && digestOn !== digestWasOn) statements.push(recordConsent(deps.db, deps.clock, userId, 'digest', digestOn, 'settings'));
  if (statements.length > 0) await runBatch(deps.db, statements);
  return readPreferences(deps, userId);
}

/** The channel the member chose for one kind. */
export async function channelFor(deps: Pick<Deps, 'db'>, userId: string, kind: PreferenceKind): Promise<Channel> {
  const [row] = await deps.db
    .select({ channel: notificationChannels.channel })
    .from(notificationChannels)
    .where(and(eq(notificationChannels.userId, userId), eq(notificationChannels.kind, kind)));
  return row?.channel ?? DEFAULT_CHANNEL;
}

/** How often the member's digest goes out. */
export async function digestOf(deps: Pick<Deps, 'db'>, userId: string): Promise<DigestFrequency> {
  const [row] = await deps.db.select({ digest: notificationSettings.digest }).from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row?.digest ?? DEFAULT_DIGEST;
}
