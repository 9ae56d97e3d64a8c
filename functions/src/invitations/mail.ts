/** The invitation mail: who invites, what they do, and the link that leads into registration. */
import { escapeHtml } from '../mail/templates';
import type { MailMessage } from '../mail/mailer';

/** The mail to `to` from the inviter (name and tagline as their profile shows them), valid `days`. */
export function invitationMail(to: string, inviter: { name: string; tagline: string | null }, url: string, days: number): MailMessage {
  const who = inviter.tagline ? `${inviter.name} (${inviter.tagline})` : inviter.name;
  const lines = [
    `${who} invited you to join FounderMesh, the network where startup founders meet co-founders and advisors.`,
    `The invitation is valid for ${days} days. If you do not know ${inviter.name}, you can ignore this email: nothing happens unless you use the link.`,
  ];
  return {
    to,
    subject: `${inviter.name} invited you to FounderMesh`,
    text: ['Hi,', '', lines[0], '', 'Accept the invitation and create your account:', url, '', lines[1], '', '— The FounderMesh team'].join('\n'),
    html: [
      '<!doctype html>',
      '<html><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:32rem">',
      '<p>Hi,</p>',
      `<p>${escapeHtml(lines[0]!)}</p>`,
      `<p><a href="${escapeHtml(url)}">Accept the invitation and create your account</a></p>`,
      `<p>${escapeHtml(lines[1]!)}</p>`,
      '<p>— The FounderMesh team</p>',
      '</body></html>',
    ].join('\n'),
  };
}
