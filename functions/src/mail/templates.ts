/**
 * The mails FounderMesh sends: short, friendly, plain text plus minimal escaped HTML.
 */
import type { MailMessage } from './mailer';

const PRODUCT = 'FounderMesh';

/** Escapes text for HTML bodies and attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(paragraphs: string[]): string {
  const body = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n');
  return `<!doctype html>\n<html><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:32rem">\n${body}\n<p>— The ${PRODUCT} team</p>\n</body></html>`;
}

function link(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
}

/** The mail with the six-digit email verification code, valid `validMinutes`, and a one-click link. */
export function verificationMail(to: string, firstName: string, code: string, url: string, validMinutes: number): MailMessage {
  const hi = `Hi ${firstName},`;
  const validity = `The code and the link are valid for ${validMinutes} minutes; the verification page can send you a new one. If you did not sign up for ${PRODUCT}, you can ignore this email.`;
  return {
    to,
    subject: `Your ${PRODUCT} verification code: ${code}`,
    text: [
      hi,
      '',
      `Welcome to ${PRODUCT}! Your verification code is:`,
      '',
      `    ${code}`,
      '',
      'Or confirm your email address with this link:',
      url,
      '',
      validity,
      '',
      `— The ${PRODUCT} team`,
    ].join('\n'),
    html: layout([
      escapeHtml(hi),
      `Welcome to ${PRODUCT}! Your verification code is:`,
      `<strong style="font-size:1.5rem;letter-spacing:0.2em">${escapeHtml(code)}</strong>`,
      `Or ${link(url, 'confirm your email address')} in one click.`,
      escapeHtml(validity),
    ]),
  };
}

/** The mail with the password reset link. */
export function passwordResetMail(to: string, firstName: string, url: string): MailMessage {
  const hi = `Hi ${firstName},`;
  return {
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: [
      hi,
      '',
      'Someone (hopefully you) asked to reset your password. Choose a new one here:',
      url,
      '',
      'The link works once and expires in 1 hour. If you did not ask for it, you can ignore this email: your password stays as it is.',
      '',
      `— The ${PRODUCT} team`,
    ].join('\n'),
    html: layout([
      escapeHtml(hi),
      `Someone (hopefully you) asked to reset your password. ${link(url, 'Choose a new password')}.`,
      'The link works once and expires in 1 hour. If you did not ask for it, you can ignore this email: your password stays as it is.',
    ]),
  };
}
