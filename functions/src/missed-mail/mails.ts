/**
 * The mails for what a member missed: an unread conversation and the digest. Plain text plus
 * minimal escaped HTML like the other mails (mail/templates.ts); member names are escaped;
 * each ends with the unsubscribe link its List-Unsubscribe header also carries.
 */
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/templates';

const PRODUCT = 'FounderMesh';

function mail(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { url: string; label: string },
  unsubscribe: { url: string; what: string },
  headers: Record<string, string>,
): MailMessage {
  const footer = `You get this email because you have a ${PRODUCT} account. Stop ${unsubscribe.what}:`;
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    `<p>— The ${PRODUCT} team</p>`,
    `<p style="font-size:0.85rem;color:#555">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribe.url)}">unsubscribe</a>.</p>`,
  ].join('\n');
  return {
    to,
    subject,
    text: [...paragraphs, `${action.label}: ${action.url}`, `— The ${PRODUCT} team`, `${footer} ${unsubscribe.url}`].join('\n\n'),
    html: `<!doctype html>\n<html><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:32rem">\n${html}\n</body></html>`,
    headers,
  };
}

export type UnreadMailInput = { to: string; firstName: string; senderName: string; unread: number; threadUrl: string; unsubscribeUrl: string; headers: Record<string, string> };

/** One conversation with messages the member has not read. */
export function unreadMessageMail(input: UnreadMailInput): MailMessage {
  const messages = input.unread === 1 ? 'a message' : `${input.unread} messages`;
  return mail(
    input.to,
    `${input.senderName} sent you ${messages} on ${PRODUCT}`,
    [`Hi ${input.firstName},`, `${input.senderName} sent you ${messages} you have not read yet.`],
    { url: input.threadUrl, label: 'Read and reply' },
    { url: input.unsubscribeUrl, what: 'emails about unread messages' },
    input.headers,
  );
}

/** What a digest sums up since the last one. */
export type DigestCounts = { connectionRequests: number; profileViews: number; mentions: number; replies: number; savedSearches: number };

export const digestIsEmpty = (counts: DigestCounts) => counts.connectionRequests + counts.profileViews + counts.mentions + counts.replies + counts.savedSearches === 0;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The lines of a digest, only for what happened. */
export function digestLines(counts: DigestCounts): string[] {
  return [
    counts.connectionRequests > 0 ? plural(counts.connectionRequests, 'new connection request', 'new connection requests') : null,
    counts.profileViews > 0 ? plural(counts.profileViews, 'profile view', 'profile views') : null,
    counts.mentions > 0 ? plural(counts.mentions, 'mention', 'mentions') : null,
    counts.replies > 0 ? plural(counts.replies, 'reply to your posts and comments', 'replies to your posts and comments') : null,
    counts.savedSearches > 0 ? plural(counts.savedSearches, 'saved search with new members', 'saved searches with new members') : null,
  ].filter((line): line is string => line !== null);
}

export type DigestMailInput = {
  to: string;
  firstName: string;
  frequency: 'daily' | 'weekly';
  counts: DigestCounts;
  appUrl: string;
  unsubscribeUrl: string;
  headers: Record<string, string>;
};

/** The daily or weekly digest. */
export function digestMail(input: DigestMailInput): MailMessage {
  const period = input.frequency === 'daily' ? 'today' : 'this week';
  const lines = digestLines(input.counts);
  return mail(
    input.to,
    `Your ${input.frequency} ${PRODUCT} digest: ${lines.join(', ')}`,
    [`Hi ${input.firstName},`, `Here is what happened on ${PRODUCT} ${period} while you were away:`, ...lines.map((line) => `• ${line}`)],
    { url: `${input.appUrl}/notifications`, label: 'See everything' },
    { url: input.unsubscribeUrl, what: `the ${input.frequency} digest` },
    input.headers,
  );
}
