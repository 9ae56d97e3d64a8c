/**
 * The audit log as the admin area reads it: each entry with the people and things it names
 * resolved to what a person recognises. The acting administrator and the member an action
 * concerns (the member themself, the author of a post, comment or message, the member who
 * asked for a deletion) come as display names and profile slugs; a post or comment comes with
 * its post's slug while it exists, a group with its name. An account that is gone (or is the
 * "Deleted member" stand-in, members/stand-in.ts) comes as null.
 *
 * One statement per page, whatever its size: the lookups are scalar subqueries on primary
 * keys and indexes, and the two members are joined once each (no query per entry).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isRealMember } from '../members/stand-in';
import { type AuditAction, type AuditCursor, type AuditFilter, type AuditTargetType, auditConditions } from './audit';

/** A member as the log links to them; null when the account is gone. */
export type AuditMember = { _id: string; name: string; memberType: 'founder' | 'advisor'; slug: string | null };

export type NamedAuditEntry = {
  _id: string;
  adminId: string;
  /** The name copied when the entry was written: it outlives the account. */
  adminName: string;
  admin: AuditMember | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  target: {
    /** The member the action concerns: the member, the author, the requester; null when gone or none. */
    member: AuditMember | null;
    /** The post a post or comment belongs to, while it exists. */
    postSlug: string | null;
    /** A group's current name. */
    groupName: string | null;
  };
  note: string | null;
  createdAt: string;
};

type Row = {
  id: string;
  admin_id: string;
  admin_name: string;
  action: string;
  target_type: string;
  target_id: string;
  note: string | null;
  created_at: string;
  post_slug: string | null;
  group_name: string | null;
} & MemberColumns<'actor'> &
  MemberColumns<'subject'>;

type MemberColumns<P extends string> = {
  [K in `${P}_id` | `${P}_type` | `${P}_first` | `${P}_last` | `${P}_f_first` | `${P}_f_last` | `${P}_f_slug` | `${P}_a_name` | `${P}_a_slug`]: string | null;
};

/** The member of a moderation decision on the thing: its author, kept after the thing is removed. */
const DECIDED_MEMBER = sql.raw(
  `(SELECT m.member_id FROM moderation_actions m WHERE m.target_type = page.target_type AND m.target_id = page.target_id AND m.member_id IS NOT NULL ORDER BY m.created_at DESC LIMIT 1)`,
);

const memberColumns = (prefix: 'actor' | 'subject', user: string, founder: string, advisor: string) =>
  sql.raw(
    [
      `${user}.id AS ${prefix}_id, ${user}.member_type AS ${prefix}_type, ${user}.first_name AS ${prefix}_first, ${user}.last_name AS ${prefix}_last`,
      `${founder}.first_name AS ${prefix}_f_first, ${founder}.last_name AS ${prefix}_f_last, ${founder}.slug AS ${prefix}_f_slug`,
      `${advisor}.name AS ${prefix}_a_name, ${advisor}.slug AS ${prefix}_a_slug`,
    ].join(', '),
  );

const memberJoins = (id: SQL, user: string, founder: string, advisor: string) =>
  sql`LEFT JOIN users ${sql.raw(user)} ON ${sql.raw(user)}.id = ${id} AND ${isRealMember(sql.raw(`${user}.email`))}
    LEFT JOIN founders ${sql.raw(founder)} ON ${sql.raw(founder)}.user_id = ${sql.raw(user)}.id
    LEFT JOIN advisors ${sql.raw(advisor)} ON ${sql.raw(advisor)}.user_id = ${sql.raw(user)}.id`;

function memberOf<P extends 'actor' | 'subject'>(row: MemberColumns<P>, prefix: P): AuditMember | null {
  const get = (column: string) => (row as Record<string, string | null>)[`${prefix}_${column}`] ?? null;
  const id = get('id');
  if (!id) return null;
  const memberType = get('type') === 'advisor' ? 'advisor' : 'founder';
  const userName = `${get('first') ?? ''} ${get('last') ?? ''}`.trim();
  if (memberType === 'advisor') return { _id: id, name: get('a_name') ?? userName, memberType, slug: get('a_slug') };
  const profileName = `${get('f_first') ?? get('first') ?? ''} ${get('f_last') ?? get('last') ?? ''}`.trim();
  return { _id: id, name: profileName || userName, memberType, slug: get('f_slug') };
}

/** One page of entries, newest first, with their names resolved (see the module's note). */
export async function listNamedAudit(db: Db, filter: AuditFilter, limit: number, before?: AuditCursor): Promise<NamedAuditEntry[]> {
  const where = auditConditions(filter, before);
  const rows = await db.all<Row>(sql`
    WITH page AS (
      SELECT * FROM admin_audit ${where ? sql`WHERE ${where}` : sql``}
      ORDER BY admin_audit.created_at DESC, admin_audit.id DESC LIMIT ${limit}
    ),
    resolved AS (
      SELECT page.*,
        CASE page.target_type
          WHEN 'member' THEN page.target_id
          WHEN 'deletion-request' THEN (SELECT d.user_id FROM deletion_requests d WHERE d.id = page.target_id)
          WHEN 'post' THEN COALESCE((SELECT p.author_user_id FROM feed_posts p WHERE p.id = page.target_id), ${DECIDED_MEMBER})
          WHEN 'comment' THEN COALESCE(
            (SELECT c.author_user_id FROM feed_comments c WHERE c.id = page.target_id),
            (SELECT r.author_user_id FROM feed_replies r WHERE r.id = page.target_id),
            ${DECIDED_MEMBER})
          WHEN 'message' THEN ${DECIDED_MEMBER}
          WHEN 'review' THEN COALESCE((SELECT s.guest_id FROM session_reviews s WHERE s.id = page.target_id), ${DECIDED_MEMBER})
        END AS subject_id,
        CASE page.target_type
          WHEN 'post' THEN (SELECT p.slug FROM feed_posts p WHERE p.id = page.target_id)
          WHEN 'comment' THEN COALESCE(
            (SELECT p.slug FROM feed_comments c JOIN feed_posts p ON p.id = c.post_id WHERE c.id = page.target_id),
            (SELECT p.slug FROM feed_replies r JOIN feed_posts p ON p.id = r.post_id WHERE r.id = page.target_id))
        END AS post_slug,
        CASE page.target_type WHEN 'group' THEN (SELECT g.name FROM feed_groups g WHERE g.key = page.target_id) END AS group_name
      FROM page
    )
    SELECT e.id, e.admin_id, e.admin_name, e.action, e.target_type, e.target_id, e.note, e.created_at, e.post_slug, e.group_name,
      ${memberColumns('actor', 'au', 'af', 'aa')}, ${memberColumns('subject', 'su', 'sf', 'sa')}
    FROM resolved e
    ${memberJoins(sql.raw('e.admin_id'), 'au', 'af', 'aa')}
    ${memberJoins(sql.raw('e.subject_id'), 'su', 'sf', 'sa')}
    ORDER BY e.created_at DESC, e.id DESC`);
  return rows.map((row) => ({
    _id: row.id,
    adminId: row.admin_id,
    adminName: row.admin_name,
    admin: memberOf(row, 'actor'),
    action: row.action as AuditAction,
    targetType: row.target_type as AuditTargetType,
    targetId: row.target_id,
    target: { member: memberOf(row, 'subject'), postSlug: row.post_slug, groupName: row.group_name },
    note: row.note,
    createdAt: row.created_at,
  }));
}
