/** The mail of a weekly shortlist: who, each with the first reason, and the link to the matching screen. Escaped HTML. */
import { escapeHtml } from '../mail/templates';
import type { NoticeMail } from '../notifications/deliver';

/** Where the shortlist is shown: the top of the matching screen. */
export const SHORTLIST_PATH = '/matching#shortlist';

/** The shortlist mail for the members named (each with why they fit, from the reader's side). */
export function shortlistMail(members: readonly { name: string; reason: string | null }[], appUrl: string): NoticeMail {
  const url = `${appUrl}${SHORTLIST_PATH}`;
  const line = (member: { name: string; reason: string | null }) => (member.reason ? `${member.name}: ${member.reason}` : member.name);
  const text = [
    'This week’s shortlist: new members who fit you both ways.',
    '',
    ...members.map((member) => `- ${line(member)}`),
    '',
    'Say Interested or Not now on the matching screen:',
    url,
    '',
    '— The FounderMesh team',
  ].join('\n');
  const html = [
    '<!doctype html>\n<html><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:32rem">',
    '<p>This week’s shortlist: new members who fit you both ways.</p>',
    `<ul>${members.map((member) => `<li><strong>${escapeHtml(member.name)}</strong>${member.reason ? `: ${escapeHtml(member.reason)}` : ''}</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(url)}">Open your shortlist</a> to say Interested or Not now.</p>`,
    '<p>— The FounderMesh team</p>\n</body></html>',
  ].join('\n');
  return { subject: 'This week’s shortlist on FounderMesh', text, html };
}
