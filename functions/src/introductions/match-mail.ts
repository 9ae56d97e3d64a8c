/**
 * The mail of a match: who, why, and the link to the introduction with its first message.
 * Plain text plus minimal escaped HTML, like the product's other mails (mail/templates.ts).
 */
import { escapeHtml } from '../mail/templates';
import type { NoticeMail } from '../notifications/deliver';
import type { Introduction } from './schemas';

/** The path of an introduction in the app: the matching screen opens it. */
export const introductionPath = (matchId: string) => `/matching?match=${encodeURIComponent(matchId)}`;

/** The match mail to one member, about the other. */
export function matchMail(intro: Introduction, appUrl: string): NoticeMail {
  const name = intro.member.name || 'A member';
  const url = `${appUrl}${introductionPath(intro._id)}`;
  const why = intro.reasons.slice(0, 3).map((reason) => `- ${reason.charAt(0).toUpperCase()}${reason.slice(1)}`);
  const facts = intro.facts.them.slice(0, 4);
  const text = [
    `It’s a match: you and ${name} are both interested.`,
    '',
    ...(why.length > 0 ? ['Why you fit:', ...why, ''] : []),
    ...(facts.length > 0 ? [`About ${name}:`, ...facts.map((fact) => `- ${fact}`), ''] : []),
    'You are now connected. Open the introduction to send your first message:',
    url,
    '',
    '— The FounderMesh team',
  ].join('\n');
  const list = (items: string[]) => `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  const html = [
    '<!doctype html>\n<html><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:32rem">',
    `<p>It’s a match: you and <strong>${escapeHtml(name)}</strong> are both interested.</p>`,
    why.length > 0 ? `<p>Why you fit:</p>${list(intro.reasons.slice(0, 3))}` : '',
    facts.length > 0 ? `<p>About ${escapeHtml(name)}:</p>${list(facts)}` : '',
    `<p>You are now connected. <a href="${escapeHtml(url)}">Open the introduction</a> to send your first message.</p>`,
    '<p>— The FounderMesh team</p>\n</body></html>',
  ].join('\n');
  return { subject: `It’s a match: you and ${name}`, text, html };
}
