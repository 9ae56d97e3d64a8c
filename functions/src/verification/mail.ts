/** The mail with the code that proves a work address (plain text plus minimal escaped HTML, as mail/templates.ts). */
import { escapeHtml } from '../mail/templates';
import type { MailMessage } from '../mail/mailer';

/** The code mail to the work address `to`, valid `validMinutes`. */
export function workCodeMail(to: string, firstName: string, code: string, validMinutes: number): MailMessage {
  const lines = [
    `Hi ${firstName},`,
    `Your FounderMesh work verification code is ${code}.`,
    `Type it in Settings → Verification within ${validMinutes} minutes to show that you work at ${to.split('@')[1]}.`,
    'If you did not ask for it, you can ignore this email: nothing changes without the code.',
  ];
  return {
    to,
    subject: `Your FounderMesh work verification code: ${code}`,
    text: [...lines, '', '— The FounderMesh team'].join('\n\n'),
    html: `<!doctype html>\n<html><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:32rem">\n${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}\n<p>— The FounderMesh team</p>\n</body></html>`,
  };
}
