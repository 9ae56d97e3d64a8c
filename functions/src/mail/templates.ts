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

/**
 * The notice that a password was changed (`changed`, by a signed-in member) or set with a
 * mailed link (`reset`). It holds no secret: the link leads to the page that asks for a
 * new reset link, so a member whose account was taken over can still get back in.
 */
export function passwordChangedMail(to: string, firstName: string, how: 'changed' | 'reset', forgotUrl: string): MailMessage {
  const hi = `Hi ${firstName},`;
  const what =
    how === 'reset'
      ? `Your ${PRODUCT} password was just reset with the link we emailed you, and every session was signed out.`
      : `Your ${PRODUCT} password was just changed, and your other sessions were signed out.`;
  const notYou = "If this wasn't you, reset your password now and your account is yours again:";
  return {
    to,
    subject: `Your ${PRODUCT} password was changed`,
    text: [hi, '', what, '', notYou, forgotUrl, '', 'If it was you, there is nothing else to do.', '', `— The ${PRODUCT} team`].join('\n'),
    html: layout([
      escapeHtml(hi),
      escapeHtml(what),
      `If this wasn't you, ${link(forgotUrl, 'reset your password now')} and your account is yours again.`,
      'If it was you, there is nothing else to do.',
    ]),
  };
}
