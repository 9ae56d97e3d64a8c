/**
 * The moderation queue: reports grouped into one item per reported thing (and, once handled,
 * per decision), open items oldest first, handled ones latest decision first, each with every
 * report and reporter's note, the thing's content as it reads now, the snapshot its first
 * report kept (what it said when reported, and whether it was edited or deleted since) and
 * the member behind it.
 */
import { inArray, sql } from 'drizzle-orm';
import { pageOf, offsetOf, type Paged } from '../db/paging';
import { moderationActions, type ReportSnapshotRow, reports, users } from '../db/schema';
import type { Deps } from '../deps';
import { memberCards } from '../members/cards';
import { suspensionOf } from '../users/suspension';
import type { Target } from './decisions';
import type { QueueItem, QueueQuery } from './schemas';
import { snapshotsOf } from '../reports/snapshots';
import { describeTargets, type TargetContent, targetKey } from './targets';

type GroupRow = { target_type: Target['type']; target_id: string; action_id: string | null; n: number; first_at: string };

/** The text a thing reads now, to compare with its snapshot (null for a member). */
function liveText(content: TargetContent): string | null {
  if (content.kind === 'member') return null;
  return content.kind === 'message' ? content.body : content.text;
}

/** A snapshot as the queue shows it, with what became of the thing since (`EVIDENCE_STATES`). */
function evidenceOf(snapshot: ReportSnapshotRow, content: TargetContent | null, action: string | undefined): QueueItem['evidence'] {
  const state = content === null ? (action === 'remove' ? 'removed' : 'deleted') : liveText(content) === snapshot.text ? 'unchanged' : 'edited';
  return {
    state,
    author: { _id: snapshot.authorId, name: snapshot.authorName },
    text: snapshot.text,
    media: snapshot.media,
    writtenAt: snapshot.writtenAt,
    reportedAt: snapshot.takenAt,
  };
}

/** One page of the queue. */
export async function listQueue(deps: Pick<Deps, 'db' | 'clock' | 'inbox'>, query: QueueQuery): Promise<Paged<QueueItem>> {
  const open = query.state === 'open';
  const where = sql`status = ${open ? 'open' : 'resolved'} ${query.kind ? sql`AND target_type = ${query.kind}` : sql``}`;
  const grouped = sql`SELECT target_type, target_id, action_id, count(*) AS n, min(created_at) AS first_at, max(coalesce(resolved_at, created_at)) AS last_at
    FROM reports WHERE ${where} GROUP BY target_type, target_id, action_id`;
  const order = open ? sql`first_at ASC, target_id ASC` : sql`last_at DESC, target_id DESC`;
  const [groups, [total]] = await Promise.all([
    deps.db.all<GroupRow>(sql`${grouped} ORDER BY ${order} LIMIT ${query.limit} OFFSET ${offsetOf(query)}`),
    deps.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (${grouped})`),
  ]);
  if (groups.length === 0) return pageOf([], total?.n ?? 0, query);

  const targets = groups.map((group) => ({ type: group.target_type, id: group.target_id }));
  const reportRows = await deps.db
    .select()
    .from(reports)
    .where(
      sql`${reports.status} = ${open ? 'open' : 'resolved'} AND (${sql.join(
        groups.map((group) => sql`(target_type = ${group.target_type} AND target_id = ${group.target_id} AND action_id IS ${group.action_id})`),
        sql` OR `,
      )})`,
    )
    .orderBy(reports.createdAt);
  const actionIds = groups.map((group) => group.action_id).filter((id): id is string => id !== null);
  const [infos, decisions, snapshots] = await Promise.all([
    describeTargets(deps, targets),
    actionIds.length ? deps.db.select().from(moderationActions).where(inArray(moderationActions.id, actionIds)) : Promise.resolve([]),
    snapshotsOf(
      deps,
      reportRows.map((row) => row.id),
    ),
  ]);
  const decisionOf = new Map(decisions.map((row) => [row.id, row]));
  // A removed post's author is known from the decision alone, a deleted one's from its snapshot.
  const behind = [
    ...[...infos.values()].map((info) => info.memberId),
    ...decisions.flatMap((row) => (row.memberId ? [row.memberId] : [])),
    ...[...snapshots.values()].map((row) => row.authorId),
  ];
  const memberIds = [...new Set([...reportRows.map((row) => row.reporterId), ...behind])];
  const [cards, suspensions] = await Promise.all([
    memberCards(deps, memberIds),
    deps.db
      .select({ id: users.id, suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil, suspensionReason: users.suspensionReason })
      .from(users)
      .where(inArray(users.id, memberIds)),
  ]);
  const suspensionOfMember = new Map(suspensions.map((row) => [row.id, suspensionOf(row, deps.clock.now())]));

  const items = groups.map((group): QueueItem => {
    const target = { type: group.target_type, id: group.target_id };
    const info = infos.get(targetKey(target));
    const decision = group.action_id ? decisionOf.get(group.action_id) : undefined;
    const groupReports = reportRows.filter((row) => row.targetType === group.target_type && row.targetId === group.target_id && row.actionId === group.action_id);
    // The first report's snapshot: the thing closest to how it was when it was first reported.
    const snapshot = groupReports.map((row) => snapshots.get(row.id)).find((row) => row !== undefined);
    const memberId = info?.memberId ?? decision?.memberId ?? snapshot?.authorId ?? null;
    return {
      targetType: group.target_type,
      targetId: group.target_id,
      reportCount: group.n,
      firstReportedAt: group.first_at,
      reports: groupReports.map((row) => ({ _id: row.id, reason: row.reason, details: row.details, createdAt: row.createdAt, reporter: cards.get(row.reporterId) ?? null })),
      member: memberId ? (cards.get(memberId) ?? null) : null,
      suspension: memberId ? (suspensionOfMember.get(memberId) ?? null) : null,
      content: info?.content ?? null,
      evidence: snapshot ? evidenceOf(snapshot, info?.content ?? null, decision?.action) : null,
      decision: decision
        ? { action: decision.action, adminName: decision.adminName, reason: decision.reason, suspendedUntil: decision.suspendedUntil, at: decision.createdAt }
        : null,
    };
  });
  return pageOf(items, total?.n ?? 0, query);
}
