/**
 * Introductions (docs/product.md "Introductions"): a member answers a candidate
 * "Interested" or "Not now"; two "Interested" make a match, and the two are connected,
 * hear it live, by push and by mail, and find an introduction with a first message to send.
 * The writes decide (intents.ts); this file checks the request, names refusals and tells.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { ApiError, invalidFields } from '../errors';
import { pairKey } from '../connections/repository';
import { blockedEitherWay } from '../members/blocks';
import { isListed } from '../members/listed';
import { isLooking } from '../members/paused';
import { accountIsPremium } from '../premium/entitlements';
import type { Account } from '../users/wire';
import { MATCH_MESSAGES as M } from '../shared/match-messages';
import { interestAllowance, interestWeek, weeklyLimit, type InterestAllowance } from './allowance';
import { deleteIntent, interestsSince, intentBetween, writeInterest, writeNotNow } from './intents';
import type { IntentAnswer, IntentBody } from './schemas';
import { introductionsOf } from './introduction';
import { announceMatch, tellMatchLive } from './match-announce';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export type IntentDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'live' | 'notifications' | 'inbox' | 'mailer'>;

/** The member's invitations this week. */
export async function allowanceOf(deps: Pick<Deps, 'db' | 'clock' | 'config'>, account: Account): Promise<InterestAllowance> {
  const now = deps.clock.now();
  const premium = accountIsPremium(account);
  const [row] = await deps.db.all<{ used: number }>(sql`SELECT ${interestsSince(account.user.id, interestWeek(now).start.toISOString())} AS used`);
  return interestAllowance(weeklyLimit(deps.config, premium), premium, row?.used ?? 0, now);
}

/** Whether `candidateId` may be answered by the viewer: a listed, onboarded member, not paused, of a type they are matched with, no block, not connected. */
async function checkCandidate(deps: Pick<Deps, 'db'>, account: Account, candidateId: string): Promise<void> {
  const viewerId = account.user.id;
  if (candidateId === viewerId) throw invalidFields({ candidateId: M.yourself });
  const [row] = await deps.db.all<{ member_type: 'founder' | 'advisor'; blocked: number; connected: number; matched: number }>(sql`
    SELECT u.member_type, ${blockedEitherWay(viewerId, candidateId)} AS blocked,
      EXISTS (SELECT 1 FROM connections c WHERE c.pair_key = ${pairKey(viewerId, candidateId)} AND c.status IN ('pending', 'accepted', 'ignored') AND c.status = 'accepted') AS connected,
      EXISTS (SELECT 1 FROM matches WHERE pair_key = ${pairKey(viewerId, candidateId)}) AS matched
    FROM users u WHERE u.id = ${candidateId} AND u.onboarded = 1 AND ${isListed(sql`u.id`)} AND ${isLooking(sql`u.id`)}`);
  if (!row || row.blocked) throw new ApiError(404, M.memberNotFound);
  if (row.matched) throw new ApiError(409, M.alreadyMatched);
  if (row.connected) throw new ApiError(409, M.connected);
  if (account.user.memberType === 'advisor' && row.member_type === 'advisor') throw invalidFields({ candidateId: M.advisorsMeetFounders });
}

/**
 * Answers a candidate (POST /matching/intents). "Interested" past the week's limit is a 409
 * naming when it renews; the limit is checked inside the insert. When the answer makes a
 * match, the other member hears it live at once, the answer carries the introduction, and both
 * members are told (match-announce.ts). `report.stored` gets the moment the write returned.
 */
export async function answerCandidate(deps: IntentDeps, account: Account, input: IntentBody, report: { stored?: (at: Date) => void } = {}): Promise<IntentAnswer> {
  const viewerId = account.user.id;
  const { candidateId, kind } = input;
  await checkCandidate(deps, account, candidateId);
  const now = deps.clock.now();
  const at = now.toISOString();
  const undoUntil = new Date(now.getTime() + deps.config.interestUndoMinutes * MINUTE_MS).toISOString();

  if (kind === 'not_now') {
    const hiddenUntil = new Date(now.getTime() + deps.config.notNowDays * DAY_MS).toISOString();
    if (!(await writeNotNow(deps.db, { userId: viewerId, candidateId, at, expiresAt: hiddenUntil }))) throw new ApiError(409, M.alreadyInterested);
    return { candidateId, kind, undoUntil, hiddenUntil, allowance: await allowanceOf(deps, account), match: null };
  }

  const premium = accountIsPremium(account);
  const limit = weeklyLimit(deps.config, premium);
  const week = interestWeek(now);
  const outcome = await writeInterest(deps.db, {
    userId: viewerId,
    candidateId,
    at,
    weekStart: week.start.toISOString(),
    limit,
    matchId: newId(),
    connectionId: newId(),
  });
  if (!outcome.stored) {
    const allowance = await allowanceOf(deps, account);
    if (allowance.remaining <= 0) throw new ApiError(409, M.weeklyLimit(limit, allowance.renewsAt, premium), { limit, renewsAt: allowance.renewsAt });
    const existing = await intentBetween(deps.db, viewerId, candidateId);
    if (existing.kind === 'interested') throw new ApiError(409, M.alreadyInterested);
    // The insert also refuses across a block that landed after the check.
    throw new ApiError(404, M.memberNotFound);
  }
  report.stored?.(new Date());
  let match: IntentAnswer['match'] = null;
  if (outcome.matchId) {
    // The other side hears it first; the introductions are built while their screen asks for theirs.
    await tellMatchLive(deps, { matchId: outcome.matchId, actorId: viewerId, otherId: candidateId });
    const [mine, theirs] = await introductionsOf(deps, outcome.matchId, [viewerId, candidateId]);
    match = mine!;
    await announceMatch(deps, { matchId: outcome.matchId, actorId: viewerId, otherId: candidateId, theirs: theirs!, mine: mine! });
  }
  return { candidateId, kind, undoUntil, hiddenUntil: null, allowance: await allowanceOf(deps, account), match };
}

/** Takes back an answer within the undo window (DELETE /matching/intents/{candidateId}); an "Interested" gives its invitation back. */
export async function undoAnswer(deps: Pick<Deps, 'db' | 'clock' | 'config'>, account: Account, candidateId: string): Promise<InterestAllowance> {
  const viewerId = account.user.id;
  const now = deps.clock.now();
  const windowMinutes = deps.config.interestUndoMinutes;
  const since = new Date(now.getTime() - windowMinutes * MINUTE_MS).toISOString();
  if (await deleteIntent(deps.db, viewerId, candidateId, since)) return allowanceOf(deps, account);
  const existing = await intentBetween(deps.db, viewerId, candidateId);
  if (existing.matchId) throw new ApiError(409, M.matchedNoUndo);
  if (!existing.kind) throw new ApiError(404, M.nothingToUndo);
  throw new ApiError(409, M.undoTooLate(windowMinutes));
}
