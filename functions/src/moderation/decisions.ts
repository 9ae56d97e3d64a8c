/**
 * The machinery every moderation action shares: the decision row whose INSERT checks, inside
 * the action's own D1 batch, that the thing is still in the state the admin acted on (so two
 * admins at once leave one decision and the other gets a 409 saying what happened first), the
 * statement that closes a thing's open reports, and the notice that tells a member.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit';
import { type BatchStatement, runBatch } from '../db/batch';
import { newId } from '../db/ids';
import { moderationActions, type ModerationActionRow, type moderationActionKinds, type reportTargetTypes } from '../db/schema';
import type { Deps } from '../deps';
import type { Emits } from '../ports/live';
import { ApiError } from '../errors';
import type { NotificationLiveEvents } from '../notifications/live-events';
import { deliverBatched, noticeInBatch, type BatchedNotice } from '../notifications/deliver';

export type ModerationAction = (typeof moderationActionKinds)[number];
export type TargetType = (typeof reportTargetTypes)[number];
/** A reported thing: a member, a post, a comment (or reply), a message or a session review. */
export type Target = { type: TargetType; id: string };

/** What the moderation routes answer when something is refused. */
export const MODERATION_MESSAGES = {
  nothingOpen: 'There are no open reports of this.',
  notFound: 'Member not found.',
  gone: 'It no longer exists.',
  notRemovable: 'must be post, comment or review',
  yourself: 'cannot be yourself',
  admin: 'cannot be an administrator',
  notSuspended: 'This member is not suspended.',
} as const;

const PAST_TENSE: Record<ModerationAction, string> = {
  dismiss: 'dismissed',
  remove: 'removed',
  warn: 'warned',
  suspend: 'suspended',
  unsuspend: 'unsuspended',
};

/** The SQL condition "this thing has open reports". */
export function hasOpenReports(target: Target): SQL {
  return sql`EXISTS (SELECT 1 FROM reports WHERE target_type = ${target.type} AND target_id = ${target.id} AND status = 'open')`;
}

export type DecisionInput = {
  id: string;
  action: ModerationAction;
  target: Target;
  memberId: string | null;
  admin: AuditActor;
  reason: string | null;
  suspendedUntil?: string | null;
  /** What must still hold for the action to go ahead, evaluated in the batch. */
  precondition: SQL;
  at: string;
};

/** The INSERT of the decision row: it fails (and with it the whole batch) when `precondition` no longer holds. */
export function decisionStatement(input: DecisionInput): BatchStatement {
  const { target } = input;
  const adminName = `${input.admin.firstName} ${input.admin.lastName}`.trim();
  return sql`INSERT INTO moderation_actions (id, action, target_type, target_id, member_id, admin_id, admin_name, reason, suspended_until, reports_handled, precondition_met, created_at)
    VALUES (${input.id}, ${input.action}, ${target.type}, ${target.id}, ${input.memberId}, ${input.admin.id}, ${adminName}, ${input.reason}, ${input.suspendedUntil ?? null},
      (SELECT count(*) FROM reports WHERE target_type = ${target.type} AND target_id = ${target.id} AND status = 'open'),
      CASE WHEN ${input.precondition} THEN 1 ELSE 0 END, ${input.at})`;
}

/** Closes every open report of the thing, naming the decision that closed them. */
export function closeReportsStatement(target: Target, actionId: string, at: string): BatchStatement {
  return sql`UPDATE reports SET status = 'resolved', action_id = ${actionId}, resolved_at = ${at}
    WHERE target_type = ${target.type} AND target_id = ${target.id} AND status = 'open'`;
}

function isPreconditionFailure(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.message.includes('precondition_met')) return true;
  }
  return false;
}

/** The latest decision about a thing (or, with `memberId`, about a member), or null. */
export async function latestDecision(deps: Pick<Deps, 'db'>, where: { target?: Target; memberId?: string; action?: ModerationAction }): Promise<ModerationActionRow | null> {
  const [row] = await deps.db
    .select()
    .from(moderationActions)
    .where(
      and(
        where.target ? and(eq(moderationActions.targetType, where.target.type), eq(moderationActions.targetId, where.target.id)) : undefined,
        where.memberId ? eq(moderationActions.memberId, where.memberId) : undefined,
        where.action ? eq(moderationActions.action, where.action) : undefined,
      ),
    )
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(1);
  return row ?? null;
}

/** The 409 of an action that came second: what happened first, by whom and when. */
export function conflictOf(first: ModerationActionRow | null, fallback: string): ApiError {
  if (!first) return new ApiError(409, fallback, { first: null });
  return new ApiError(409, `Already handled: ${PAST_TENSE[first.action]} by ${first.adminName} at ${first.createdAt}.`, {
    first: { action: first.action, adminName: first.adminName, at: first.createdAt, reason: first.reason, suspendedUntil: first.suspendedUntil },
  });
}

/**
 * Runs an action's batch, whose first statement is the decision row. When its precondition
 * failed, reads what happened first (`conflictFrom`) and throws the 409.
 */
export async function runDecision(deps: Pick<Deps, 'db'>, statements: readonly BatchStatement[], conflictFrom: () => Promise<ApiError>) {
  try {
    return await runBatch(deps.db, statements);
  } catch (error) {
    if (isPreconditionFailure(error)) throw await conflictFrom();
    throw error;
  }
}

/** A notice from the product (no sender) to a member: its outbox row goes in the action's batch (`statement`). */
export function noticeStatements(memberId: string, title: string, body: string, refId: string, at: string): BatchedNotice {
  return noticeInBatch({ userId: memberId, senderId: null, kind: 'account.changed', title, body, link: null, refId }, at);
}

/**
 * After the batch: stores the notice in the member's object and sends it to their open
 * sockets. A failure is logged (the action stands; the cron delivers the outbox row).
 */
export function sendNotice(deps: Pick<Deps, 'db' | 'clock' | 'notifications'> & Emits<NotificationLiveEvents>, notice: BatchedNotice): Promise<void> {
  return deliverBatched(deps, notice);
}

/** A fresh decision id and the time of the action. */
export function newDecision(deps: Pick<Deps, 'clock'>): { id: string; at: string } {
  return { id: newId(), at: deps.clock.now().toISOString() };
}
