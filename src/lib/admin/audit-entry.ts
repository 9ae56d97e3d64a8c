/**
 * How the audit log names who acted and what they acted on: display names that link to the
 * member's profile (or, with no profile yet, their page in the admin area), the post or
 * comment in place while it exists, the moderation queue for what was removed, a group by
 * its current name. An account that is gone reads "Deleted member", with no link.
 */
import type { ApiClient } from '../api/client';
import type { InferResponseType } from 'hono/client';
import { profilePath } from '../members/paths';

export type AuditEntry = InferResponseType<ApiClient['admin']['audit']['$get'], 200>['data'][number];
type AuditMember = AuditEntry['admin'];

/** A piece of an entry's text, a link when it has a page. */
export type AuditLink = { text: string; href: string | null };

export const DELETED_MEMBER = 'Deleted member';

/** A member's name, linking to their profile; "Deleted member" once the account is gone. */
export function memberLink(member: AuditMember): AuditLink {
  if (!member) return { text: DELETED_MEMBER, href: null };
  return { text: member.name, href: member.slug ? profilePath(member.memberType, member.slug) : `/admin/members/${member._id}` };
}

/** Who acted: the administrator now, or "Deleted member (name then)" once their account is gone. */
export function actorLink(entry: AuditEntry): AuditLink {
  return entry.admin ? memberLink(entry.admin) : { text: `${DELETED_MEMBER} (${entry.adminName})`, href: null };
}

/** What the action was on: the thing (with its page) and, when it has one, the member behind it. */
export type AuditTarget = { thing: AuditLink; connector: string | null; member: AuditLink | null };

const HANDLED_QUEUE = '/admin/reports?state=handled';

function contentTarget(entry: AuditEntry, noun: 'Post' | 'Comment' | 'Message' | 'Review'): AuditTarget {
  const { postSlug } = entry.target;
  const removed = entry.action === 'post.remove' || entry.action === 'comment.remove' || entry.action === 'review.remove';
  const kind = noun.toLowerCase();
  let thing: AuditLink;
  if (postSlug) thing = { text: noun, href: `/post/${encodeURIComponent(postSlug)}${noun === 'Comment' ? `#comment-${entry.targetId}` : ''}` };
  else if (removed || entry.action === 'report.dismiss') thing = { text: removed ? `Removed ${kind}` : noun, href: `${HANDLED_QUEUE}&kind=${kind}` };
  else thing = { text: `Deleted ${kind}`, href: null };
  return { thing, connector: 'by', member: memberLink(entry.target.member) };
}

/** The target of an entry, by its type. */
export function auditTarget(entry: AuditEntry): AuditTarget {
  switch (entry.targetType) {
    case 'member':
      return { thing: memberLink(entry.target.member), connector: null, member: null };
    case 'post':
      return contentTarget(entry, 'Post');
    case 'comment':
      return contentTarget(entry, 'Comment');
    case 'message':
      return contentTarget(entry, 'Message');
    case 'review':
      return contentTarget(entry, 'Review');
    case 'deletion-request':
      return { thing: { text: 'Deletion request', href: '/admin/deletion-requests?status=all' }, connector: 'of', member: memberLink(entry.target.member) };
    case 'group':
      return { thing: { text: entry.target.groupName ?? entry.targetId, href: `/admin/groups?group=${encodeURIComponent(entry.targetId)}` }, connector: null, member: null };
    default:
      return { thing: { text: 'Report', href: HANDLED_QUEUE }, connector: null, member: null };
  }
}
