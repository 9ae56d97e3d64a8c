import { describe, expect, test } from 'vitest';
import { type AuditEntry, actorLink, auditTarget } from './audit-entry';

const ada = { _id: 'a'.repeat(24), name: 'Ada Admin', memberType: 'founder' as const, slug: 'ada-admin' };
const kim = { _id: 'b'.repeat(24), name: 'Kim Advisor', memberType: 'advisor' as const, slug: null };

function entry(extra: Partial<AuditEntry>): AuditEntry {
  return {
    _id: 'c'.repeat(24),
    adminId: ada._id,
    adminName: 'Ada Admin',
    admin: ada,
    action: 'premium.grant',
    targetType: 'member',
    targetId: kim._id,
    target: { member: kim, postSlug: null, groupName: null },
    note: null,
    createdAt: '2026-11-25T20:30:00.000Z',
    ...extra,
  };
}

describe('an audit entry in words', () => {
  test('names the administrator and links to their profile; a deleted one keeps the name of the time, unlinked', () => {
    expect(actorLink(entry({}))).toEqual({ text: 'Ada Admin', href: '/founder/ada-admin' });
    expect(actorLink(entry({ admin: null }))).toEqual({ text: 'Deleted member (Ada Admin)', href: null });
  });

  test('names a member by name, linking to the profile, or to the admin page without one; a deleted member has no link', () => {
    expect(auditTarget(entry({}))).toEqual({ thing: { text: 'Kim Advisor', href: `/admin/members/${kim._id}` }, connector: null, member: null });
    expect(auditTarget(entry({ target: { member: null, postSlug: null, groupName: null } })).thing).toEqual({ text: 'Deleted member', href: null });
  });

  test('links a post or comment in place, and a removed one to the handled queue, with its author', () => {
    const post = auditTarget(entry({ action: 'post.pin', targetType: 'post', targetId: 'p1', target: { member: ada, postSlug: 'hello-1a2b3c', groupName: null } }));
    expect(post).toEqual({ thing: { text: 'Post', href: '/post/hello-1a2b3c' }, connector: 'by', member: { text: 'Ada Admin', href: '/founder/ada-admin' } });
    const comment = auditTarget(entry({ action: 'report.dismiss', targetType: 'comment', targetId: 'c1', target: { member: kim, postSlug: 'hello-1a2b3c', groupName: null } }));
    expect(comment.thing).toEqual({ text: 'Comment', href: '/post/hello-1a2b3c#comment-c1' });
    const removed = auditTarget(entry({ action: 'post.remove', targetType: 'post', targetId: 'p2', target: { member: null, postSlug: null, groupName: null } }));
    expect(removed).toEqual({ thing: { text: 'Removed post', href: '/admin/reports?state=handled&kind=post' }, connector: 'by', member: { text: 'Deleted member', href: null } });
    expect(auditTarget(entry({ action: 'post.pin', targetType: 'post', target: { member: ada, postSlug: null, groupName: null } })).thing).toEqual({
      text: 'Deleted post',
      href: null,
    });
  });

  test('names a group by its name and a deletion request by its member', () => {
    expect(auditTarget(entry({ action: 'group.rename', targetType: 'group', targetId: 'hiring', target: { member: null, postSlug: null, groupName: 'Hiring' } })).thing).toEqual({
      text: 'Hiring',
      href: '/admin/groups?group=hiring',
    });
    expect(auditTarget(entry({ action: 'deletion.approve', targetType: 'deletion-request', target: { member: null, postSlug: null, groupName: null } }))).toEqual({
      thing: { text: 'Deletion request', href: '/admin/deletion-requests?status=all' },
      connector: 'of',
      member: { text: 'Deleted member', href: null },
    });
  });
});
