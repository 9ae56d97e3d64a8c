import { describe, expect, it } from 'vitest';
import { addressOf, buildMimeMessage } from './mime';
import { escapeHtml, passwordResetMail, verificationMail } from './templates';

const FROM = 'FounderMesh <no-reply@foundermesh.app>';

function decodedPart(raw: string, type: string): string {
  const part = raw.split(/--fm-[\w-]+/).find((chunk) => chunk.includes(`Content-Type: ${type}`))!;
  const body = part.split('\r\n\r\n')[1]!.replace(/\r\n/g, '');
  return Buffer.from(body, 'base64').toString('utf8');
}

describe('the MIME writer', () => {
  const message = verificationMail('ada@example.com', 'Zoë', '012345', 'https://foundermesh.app/verify-email?email=ada%40example.com&code=012345', 10);
  const raw = buildMimeMessage(FROM, message, new Date('2026-03-01T12:00:00Z'));

  it('writes the headers a mail server expects, with CRLF line endings', () => {
    const head = raw.split('\r\n\r\n')[0]!;
    // mimetext writes the display name as an RFC 2047 word and the address in angle brackets.
    const from = /^From: =\?utf-8\?B\?([A-Za-z0-9+/=]+)\?= <no-reply@foundermesh\.app>\r?$/im.exec(head)!;
    expect(Buffer.from(from[1]!, 'base64').toString('utf8')).toBe('FounderMesh');
    expect(head).toMatch(/^To: <?ada@example\.com>?\r?$/m);
    expect(head).toContain('Date: Sun, 01 Mar 2026 12:00:00 GMT');
    expect(head).toMatch(/Message-ID: <[\w-]+@foundermesh\.app>/);
    expect(head).toContain('MIME-Version: 1.0');
    expect(head).toMatch(/Content-Type: multipart\/alternative; boundary="?fm-[\w-]+"?/);
    expect(raw.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('carries the text and HTML bodies in UTF-8', () => {
    expect(decodedPart(raw, 'text/plain')).toContain('Hi Zoë,');
    expect(decodedPart(raw, 'text/html')).toContain('Hi Zoë,');
  });

  it('encodes non-ASCII subjects and strips line breaks from headers', () => {
    const tricky = buildMimeMessage(FROM, { ...message, subject: 'Café\r\nBcc: victim@example.com' }, new Date());
    const subject = /^Subject: (.*)$/m.exec(tricky)![1]!;
    expect(subject).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=\r?$/i);
    expect(Buffer.from(subject.slice(10, -2), 'base64').toString('utf8')).toBe('Café Bcc: victim@example.com');
    expect(tricky).not.toMatch(/^Bcc:/m);
  });

  it('carries an attachment beside the text and HTML parts, as multipart/mixed', () => {
    const invite = 'BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nEND:VCALENDAR\r\n';
    const withFile = buildMimeMessage(
      FROM,
      { ...message, attachments: [{ filename: 'cancel.ics', contentType: 'text/calendar; charset=UTF-8; method=CANCEL', content: invite }] },
      new Date(),
    );
    expect(withFile.split('\r\n\r\n')[0]).toMatch(/Content-Type: multipart\/mixed; boundary="?fm-mixed-[\w-]+"?/);
    expect(withFile).toMatch(/Content-Type: multipart\/alternative/);
    expect(withFile).toContain('Content-Disposition: attachment; filename="cancel.ics"');
    expect(decodedPart(withFile, 'text/calendar; charset=UTF-8; method=CANCEL')).toBe(invite);
    expect(decodedPart(withFile, 'text/plain')).toContain('Hi Zoë,');
  });

  it('finds the bare address inside a display name', () => {
    expect(addressOf(FROM)).toBe('no-reply@foundermesh.app');
    expect(addressOf('plain@example.com')).toBe('plain@example.com');
  });
});

describe('the mail templates', () => {
  it('escape what people typed before it goes into HTML', () => {
    expect(escapeHtml(`<b>"Tom" & 'Jerry'\``)).toBe('&#60;b&#62;&#34;Tom&#34; &#38; &#39;Jerry&#39;&#96;');
    const mail = passwordResetMail('x@example.com', '<script>alert(1)</script>', 'https://foundermesh.app/reset-password?code=abc');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('href="https://foundermesh.app/reset-password?code=abc"');
  });

  it('name the product and put the code in both parts of the verification mail', () => {
    const mail = verificationMail('x@example.com', 'Ada', '654321', 'https://foundermesh.app/verify-email?email=x&code=654321', 10);
    expect(mail.subject).toContain('FounderMesh');
    expect(mail.text).toContain('654321');
    expect(mail.html).toContain('654321');
  });
});
