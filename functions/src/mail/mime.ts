/**
 * A minimal RFC 5322 / MIME writer for Cloudflare's `EmailMessage`, which takes the raw
 * message: multipart/alternative with a plain-text and an HTML part, both UTF-8 base64.
 */
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

/** The From header: display name encoded when needed, address kept as is. */
function fromHeader(from: string): string {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  if (!match?.[1]) return addressOf(from);
  return `${encodeWord(match[1].replace(/^"|"$/g, ''))} <${headerValue(match[2]!)}>`;
}

/** Extra headers (List-Unsubscribe…): names limited to header characters, values on one line, ASCII only. */
function extraHeaders(headers: Record<string, string> | undefined): string[] {
  return Object.entries(headers ?? {})
    .filter(([name]) => /^[A-Za-z][A-Za-z0-9-]*$/.test(name))
    .map(([name, value]) => `${name}: ${encodeWord(value)}`);
}

/** Builds the raw message text, CRLF line endings throughout. */
export function buildMimeMessage(from: string, message: MailMessage, date: Date): string {
  const id = crypto.randomUUID();
  const boundary = `fm-${id}`;
  const domain = addressOf(from).split('@')[1] ?? 'localhost';
  const part = (type: string, body: string) => [`--${boundary}`, `Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(body)].join(CRLF);
  return [
    `From: ${fromHeader(from)}`,
    `To: ${addressOf(message.to)}`,
    `Subject: ${encodeWord(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${id}@${domain}>`,
    ...extraHeaders(message.headers),
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    part('text/plain', message.text),
    part('text/html', message.html),
    `--${boundary}--`,
    '',
  ].join(CRLF);
}
