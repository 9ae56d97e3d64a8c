/**
 * The one-click unsubscribe of the missed-mail lists (RFC 8058): every such mail carries
 * `List-Unsubscribe: <APP/unsubscribe?token=…>` and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`. The token names one member and one list and is signed with
 * HMAC-SHA256 under the worker's JWT_SECRET, so it works without signing in, only for that list,
 * and cannot be made for anyone else.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { mailLists } from '../db/schema';

export const MAIL_LISTS = mailLists;
export type MailList = (typeof MAIL_LISTS)[number];

/** What each list is, in the words the unsubscribe page shows. */
export const LIST_NAMES: Record<MailList, string> = {
  messages: 'emails about messages you have not read',
  digest: 'the digest of what you missed',
};

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The bytes of base64url text, or null when it is not base64url (a length of 4n+1 is never valid, and atob throws on it). */
function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const keyOf = (secret: string) => crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
// A purpose prefix keeps these signatures apart from anything else signed with the same secret.
const signedText = (userId: string, list: MailList) => encoder.encode(`foundermesh-unsubscribe:${userId}:${list}`);

/** The token of one member and list: `userId.list.signature`. */
export async function unsubscribeToken(secret: string, userId: string, list: MailList): Promise<string> {
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await keyOf(secret), signedText(userId, list)));
  return `${userId}.${list}.${base64url(signature)}`;
}

/** The member and list a token names, or null when it is malformed or its signature is wrong. */
export async function readUnsubscribeToken(secret: string, token: string): Promise<{ userId: string; list: MailList } | null> {
  const [userId, list, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !/^[\w-]{1,64}$/.test(userId) || !MAIL_LISTS.includes(list as MailList) || !signature) return null;
  const bytes = fromBase64url(signature);
  if (!bytes) return null;
  // crypto.subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify('HMAC', await keyOf(secret), bytes, signedText(userId, list as MailList));
  return valid ? { userId, list: list as MailList } : null;
}

/** The unsubscribe page's address for one member and list. */
export async function unsubscribeUrl(appUrl: string, secret: string, userId: string, list: MailList): Promise<string> {
  return `${appUrl}/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(secret, userId, list))}`;
}

/** The RFC 8058 headers of a mail of `list` to the member. */
export async function listUnsubscribeHeaders(appUrl: string, secret: string, userId: string, list: MailList): Promise<Record<string, string>> {
  return { 'List-Unsubscribe': `<${await unsubscribeUrl(appUrl, secret, userId, list)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Takes the member off the list (again is fine); answers whether the member exists. */
export async function optOut(deps: Pick<Deps, 'db' | 'clock'>, userId: string, list: MailList): Promise<boolean> {
  const result = await deps.db.run(sql`INSERT INTO mail_opt_outs (user_id, list, created_at)
    SELECT id, ${list}, ${deps.clock.now().toISOString()} FROM users WHERE id = ${userId}
    ON CONFLICT (user_id, list) DO NOTHING`);
  if (result.meta.changes > 0) return true;
  const [row] = await deps.db.all<{ found: number }>(sql`SELECT 1 AS found FROM users WHERE id = ${userId}`);
  return row?.found === 1;
}

/** True (in SQL) when the member in `userId` left `list`. */
export function optedOut(userId: ReturnType<typeof sql>, list: MailList) {
  return sql`EXISTS (SELECT 1 FROM mail_opt_outs o WHERE o.user_id = ${userId} AND o.list = ${list})`;
}
