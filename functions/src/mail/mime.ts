/**
 * The RFC 5322 / MIME message for Cloudflare's `EmailMessage`, which takes the raw message,
 * built with mimetext (docs/decisions.md): multipart/alternative with a plain-text and an
 * HTML part, both UTF-8 base64, CRLF line endings, header values kept on one line. With
 * attachments (a calendar invitation), multipart/mixed holds the alternative part and each
 * file, base64 too.
 */
import { createMimeMessage } from 'mimetext';
import type { MailMessage } from './mailer';

const CRLF = '\r\n';

/** Header values must never carry line breaks (header injection). */
function headerValue(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** RFC 2047 encoded-word for non-ASCII header text. */
function encodeWord(value: string): string {
  const clean = headerValue(value);
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

function base64Lines(text: string): string {
  return (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join(CRLF);
}

/** The bare address inside `Name <address>` (or the value itself). */
export function addressOf(mailbox: string): string {
  const match = /<([^<>]+)>\s*$/.exec(mailbox);
  return headerValue(match ? match[1]! : mailbox);
}

/** Extra headers (List-Unsubscribe…): names limited to header characters, values on one line. */
function extraHeaders(headers: Record<string, string> | undefined): [string, string][] {
  return Object.entries(headers ?? {})
    .filter(([name]) => /^[A-Za-z][A-Za-z0-9-]*$/.test(name))
    .map(([name, value]) => [name, encodeWord(value)]);
}

/** Builds the raw message text with mimetext, CRLF line endings throughout. */
export function buildMimeMessage(from: string, message: MailMessage, date: Date): string {
  const id = crypto.randomUUID();
  const domain = addressOf(from).split('@')[1] ?? 'localhost';
  const mime = createMimeMessage();
  // RFC 5322 lines end in CRLF (the library's Node entry writes LF).
  mime.envctx.eol = CRLF;
  mime.boundaries = { mixed: `fm-mixed-${id}`, alt: `fm-${id}`, related: `fm-related-${id}` };
  const sender = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  mime.setSender(sender?.[1] ? { name: headerValue(sender[1].replace(/^"|"$/g, '')), addr: headerValue(sender[2]!) } : addressOf(from));
  mime.setRecipient(addressOf(message.to));
  mime.setSubject(headerValue(message.subject));
  mime.setHeader('Date', date.toUTCString());
  mime.setHeader('Message-ID', `<${id}@${domain}>`);
  for (const [name, value] of extraHeaders(message.headers)) mime.setHeader(name, value);
  // UTF-8 bodies go base64 (7bit would be wrong for non-ASCII text).
  mime.addMessage({ contentType: 'text/plain', charset: 'UTF-8', encoding: 'base64', data: base64Lines(message.text) });
  mime.addMessage({ contentType: 'text/html', charset: 'UTF-8', encoding: 'base64', data: base64Lines(message.html) });
  for (const file of message.attachments ?? []) {
    const filename = file.filename.replace(/["\\\r\n]/g, '_');
    mime.addAttachment({ filename, contentType: headerValue(file.contentType), encoding: 'base64', data: base64Lines(file.content) });
  }
  return `${mime.asRaw()}${CRLF}`;
}
