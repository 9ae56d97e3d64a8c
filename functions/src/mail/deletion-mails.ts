/**
 * The mails of account deletion: the request (with the date it will be done), its
 * withdrawal, its rejection (with the administrator's note) and the completed deletion.
 * Plain text plus minimal escaped HTML, as the other mails (templates.ts).
 */
import type { MailMessage } from './mailer';
import { escapeHtml } from './templates';

const PRODUCT = 'FounderMesh';

function mail(to: string, subject: string, paragraphs: string[]): MailMessage {
  const html = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n');
  return {
    to,
    subject,
    text: [...paragraphs, `— The ${PRODUCT} team`].join('\n\n'),
    html: `<!doctype html>\n<html><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:32rem">\n${html}\n<p>— The ${PRODUCT} team</p>\n</body></html>`,
  };
}

/** "25 December 2026" in UTC: the day a deletion will be done by. */
export function deletionDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Sent when a member asks for deletion. */
export function deletionRequestedMail(to: string, firstName: string, dueAt: string, settingsUrl: string): MailMessage {
  return mail(to, `Your ${PRODUCT} account will be deleted by ${deletionDay(dueAt)}`, [
    `Hi ${firstName},`,
    `We received your request to delete your ${PRODUCT} account. Your profile is already hidden from search, suggestions and matching. The account and everything in it will be deleted by ${deletionDay(dueAt)}.`,
    `Changed your mind? Withdraw the request before then on ${settingsUrl} and everything comes back as it was.`,
  ]);
}

/** Sent when a member withdraws the request. */
export function deletionWithdrawnMail(to: string, firstName: string): MailMessage {
  return mail(to, `Your ${PRODUCT} account stays`, [
    `Hi ${firstName},`,
    'You withdrew your request to delete your account. Your profile is visible again in search, suggestions and matching, and nothing was lost.',
  ]);
}

/** Sent when an administrator rejects the request, with their note. */
export function deletionRejectedMail(to: string, firstName: string, note: string, settingsUrl: string): MailMessage {
  return mail(to, `Your ${PRODUCT} deletion request was not carried out`, [
    `Hi ${firstName},`,
    'An administrator looked at your request to delete your account and did not carry it out. Their note:',
    note,
    `Your profile is visible again. You can read this note and ask again on ${settingsUrl}.`,
  ]);
}

/** Sent once the account is gone (to the address it had). */
export function deletionCompletedMail(to: string, firstName: string): MailMessage {
  return mail(to, `Your ${PRODUCT} account was deleted`, [
    `Hi ${firstName},`,
    `Your ${PRODUCT} account has been deleted: your profile, posts, comments, reactions, connections, pictures and files are gone, every session is signed out and any paid subscription is cancelled. Members you wrote to keep their side of those conversations, shown from "Deleted member".`,
    'This is the last email we send you.',
  ]);
}
