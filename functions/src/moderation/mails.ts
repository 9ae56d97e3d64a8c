/** The mail a suspended member gets: they can no longer sign in to read a notice. */
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/templates';
import { formatUntil } from '../users/suspension';

/** Tells the member their account is suspended, why and until when. */
export function suspensionMail(to: string, firstName: string, reason: string, until: string | null, signInUrl: string): MailMessage {
  const hi = `Hi ${firstName},`;
  const what = `Your FounderMesh account has been suspended ${until ? `until ${formatUntil(until)}` : 'permanently'}.`;
  const why = `Reason: ${reason}`;
  const after = until ? `You can sign in again at ${signInUrl} once the suspension ends.` : 'If you think this is a mistake, reply to this email.';
  return {
    to,
    subject: 'Your FounderMesh account is suspended',
    text: [hi, '', what, why, '', after, '', '— The FounderMesh team'].join('\n'),
    html: `<!doctype html>\n<html><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:32rem">\n${[hi, what, why, after].map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}\n<p>— The FounderMesh team</p>\n</body></html>`,
  };
}
