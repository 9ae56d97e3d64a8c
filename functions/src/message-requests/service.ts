/**
 * Message requests: a Premium member writes to a member they are not connected with, up
 * to a monthly allowance (premium/entitlements.ts decides who may and how many). The
 * recipient finds it in the Requests folder and accepts it (the message opens their
 * conversation, and the two may write to each other from then on), or declines it. One
 * request per pair of members, whoever sent it. A block either way hides and forbids
 * requests; a member may turn requests off in their privacy choices.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { Emits } from '../ports/live';
import { newId } from '../db/ids';
import { runBatch } from '../db/batch';
import { pageOf, offsetOf, type PageRequest } from '../db/paging';
import { ApiError, invalidFields } from '../errors';
import { pairKey } from '../connections/repository';
import { blockedWith } from '../members/blocks';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, toMemberCard, type MemberCardRow } from '../members/cards';
import type { InboxLiveEvents } from '../inbox/live-events';
import type { Thread } from '../inbox/schemas';
import { threadIdOf, threadViews } from '../inbox/threads';
import { snippetOf } from '../events/notification-of';
import { NOTIFICATION_LINKS } from '../notifications/links';
import { deliver, tellLive } from '../notifications/deliver';
import type { NotificationLiveEvents } from '../notifications/live-events';
import { accountIsPremium, allowancePeriod, requestAllowance, type RequestAllowance } from '../premium/entitlements';
import type { UserRow } from '../db/schema';
import type { Account } from '../users/wire';
import { REQUEST_MESSAGES as M } from '../shared/message-request-messages';
import type { MessageRequest, MessageRequestPage, RequestSetting, SendRequestBody, SentRequest } from './schemas';

type ReadDeps = Pick<Deps, 'db' | 'clock' | 'config'>;
export type RequestDeps = ReadDeps & Pick<Deps, 'notifications' | 'inbox'> & Emits<NotificationLiveEvents & InboxLiveEvents>;

type RequestStatus = MessageRequest['status'];
type RequestRow = { id: string; sender_id: string; recipient_id: string; body: string; status: RequestStatus; created_at: string; answered_at: string | null };

/** The units a sender has used since `since`: their requests not accepted (acceptance gives the unit back). */
function usedSince(senderId: string, since: string) {
  return sql`(SELECT count(*) FROM message_requests WHERE sender_id = ${senderId} AND created_at >= ${since} AND status != 'accepted')`;
}

/** The member's allowance this month (GET /message-requests/allowance). */
export async function allowanceOf(deps: ReadDeps, account: Account): Promise<RequestAllowance> {
  const now = deps.clock.now();
  const [row] = await deps.db.all<{ used: number }>(sql`SELECT ${usedSince(account.user.id, allowancePeriod(now).start.toISOString())} AS used`);
  return requestAllowance(accountIsPremium(account), deps.config.messageRequestAllowance, row?.used ?? 0, now);
}

/** Everything that decides whether `senderId` may send `recipientId` a request, in one read. */
async function targetOf(deps: Pick<Deps, 'db'>, senderId: string, recipientId: string) {
  const key = pairKey(senderId, recipientId);
  const [row] = await deps.db.all<{ accepts: number | null; blocked: number; connected: number; status: RequestStatus | null; sender_id: string | null }>(sql`
    SELECT (SELECT accepts_message_requests FROM users WHERE id = ${recipientId}) AS accepts,
      ${recipientId} IN ${blockedWith(senderId)} AS blocked,
      EXISTS (SELECT 1 FROM connections c WHERE c.pair_key = ${key} AND c.status IN ('pending', 'accepted', 'ignored') AND c.status = 'accepted') AS connected,
      r.status, r.sender_id
    FROM (SELECT 1) LEFT JOIN message_requests r ON r.pair_key = ${key}`);
  return { key, ...row! };
}

/** Why an existing request of the pair stands in the way of a new one. */
function existingRequestMessage(status: RequestStatus, senderWasMe: boolean): string {
  if (status === 'accepted') return M.alreadyAccepted;
  if (status === 'declined') return M.declined;
  return senderWasMe ? M.alreadySent : M.theySent;
}

/**
 * Sends a request (POST /message-requests). 403 for free members and for recipients who
 * turned requests off, 404 for an unknown member or one behind a block, 409 when the two
 * are connected, a request of the pair exists, or the month's allowance is used up (the
 * message says when it renews). The allowance is checked again inside the insert, so two
 * requests at once never exceed it.
 */
export async function sendRequest(deps: RequestDeps, account: Account, input: SendRequestBody): Promise<SentRequest> {
  const senderId = account.user.id;
  if (input.to === senderId) throw invalidFields({ to: M.yourself });
  if (!accountIsPremium(account)) throw new ApiError(403, M.premiumOnly, { upgrade: '/premium' });
  const target = await targetOf(deps, senderId, input.to);
  if (target.accepts === null || target.blocked === 1) throw new ApiError(404, M.memberNotFound);
  if (target.connected === 1) throw new ApiError(409, M.connected);
  if (target.status) throw new ApiError(409, existingRequestMessage(target.status, target.sender_id === senderId));
  if (target.accepts === 0) throw new ApiError(403, M.turnedOff);

  const now = deps.clock.now();
  const allowance = await allowanceOf(deps, account);
  const exhausted = () => new ApiError(409, M.allowanceUsed(allowance.allowance, allowance.renewsAt), { renewsAt: allowance.renewsAt, allowance: allowance.allowance });
  if (allowance.remaining <= 0) throw exhausted();

  const id = newId();
  const at = now.toISOString();
  const inserted = await deps.db.all<{ id: string }>(sql`
    INSERT INTO message_requests (id, sender_id, recipient_id, pair_key, body, status, created_at, answered_at)
    SELECT ${id}, ${senderId}, ${input.to}, ${target.key}, ${input.body}, 'pending', ${at}, NULL
    WHERE ${usedSince(senderId, allowancePeriod(now).start.toISOString())} < ${allowance.allowance}
    ON CONFLICT (pair_key) DO NOTHING RETURNING id`);
  if (inserted.length === 0) {
    const again = await allowanceOf(deps, account);
    if (again.remaining <= 0) throw exhausted();
    throw new ApiError(409, M.alreadySent);
  }
  const request = await requestById(deps, id);
  await deliver(deps, {
    userId: input.to,
    senderId,
    kind: 'message.requested',
    title: M.newRequestTitle,
    body: `${request.sender.name || 'A member'}: ${snippetOf(input.body)}`,
    link: NOTIFICATION_LINKS.messageRequests,
    refId: id,
  });
  return { request, allowance: { ...allowance, used: allowance.used + 1, remaining: allowance.remaining - 1 } };
}

/** Request columns plus both members' cards (sender `u`/`f`/`a`, recipient as `r_*`). */
const REQUEST_SELECT = sql`
  SELECT mr.id, mr.sender_id, mr.recipient_id, mr.body, mr.status, mr.created_at, mr.answered_at, ${MEMBER_CARD_COLUMNS}
  FROM message_requests mr JOIN users u ON u.id = mr.sender_id ${MEMBER_CARD_JOINS}`;

type RequestWithSender = RequestRow & MemberCardRow;

function toRequest(row: RequestWithSender, recipient: MessageRequest['recipient']): MessageRequest {
  return {
    _id: row.id,
    sender: toMemberCard(row),
    recipient,
    body: row.body,
    status: row.status,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
  };
}

async function recipientCard(deps: Pick<Deps, 'db'>, userId: string) {
  const [row] = await deps.db.all<MemberCardRow>(sql`SELECT ${MEMBER_CARD_COLUMNS} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id = ${userId}`);
  if (!row) throw new ApiError(404, M.memberNotFound);
  return toMemberCard(row);
}

async function requestById(deps: Pick<Deps, 'db'>, id: string): Promise<MessageRequest> {
  const [row] = await deps.db.all<RequestWithSender>(sql`${REQUEST_SELECT} WHERE mr.id = ${id}`);
  if (!row) throw new ApiError(404, M.requestNotFound);
  return toRequest(row, await recipientCard(deps, row.recipient_id));
}

/** The Requests folder (GET /message-requests): pending requests to the member, newest first; senders behind a block left out. */
export async function receivedRequests(deps: Pick<Deps, 'db'>, userId: string, page: PageRequest): Promise<MessageRequestPage> {
  const where = sql`mr.recipient_id = ${userId} AND mr.status = 'pending' AND mr.sender_id NOT IN ${blockedWith(userId)}`;
  const [rows, total, me] = (await runBatch(deps.db, [
    sql`${REQUEST_SELECT} WHERE ${where} ORDER BY mr.created_at DESC, mr.id DESC LIMIT ${page.limit} OFFSET ${offsetOf(page)}`,
    sql`SELECT count(*) AS n FROM message_requests mr WHERE ${where}`,
    sql`SELECT ${MEMBER_CARD_COLUMNS} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id = ${userId}`,
  ])) as unknown as [{ results: RequestWithSender[] }, { results: { n: number }[] }, { results: MemberCardRow[] }];
  const recipient = toMemberCard(me.results[0]!);
  return pageOf(
    rows.results.map((row) => toRequest(row, recipient)),
    total.results[0]?.n ?? 0,
    page,
  );
}

/** The pending request `id` to `userId`; 404 for anyone else's or one hidden by a block, 409 once answered. */
async function pendingRequestTo(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<RequestRow> {
  const [row] = await deps.db.all<RequestRow>(sql`
    SELECT id, sender_id, recipient_id, body, status, created_at, answered_at FROM message_requests
    WHERE id = ${id} AND recipient_id = ${userId} AND sender_id NOT IN ${blockedWith(userId)}`);
  if (!row) throw new ApiError(404, M.requestNotFound);
  if (row.status !== 'pending') throw new ApiError(409, M.answered);
  return row;
}

/** Marks a pending request answered; false when another answer came first. */
async function answer(deps: Pick<Deps, 'db'>, id: string, status: 'accepted' | 'declined', at: string): Promise<boolean> {
  const result = await deps.db.run(sql`UPDATE message_requests SET status = ${status}, answered_at = ${at} WHERE id = ${id} AND status = 'pending'`);
  return (result.meta?.changes ?? 0) > 0;
}

/**
 * Accepts a request (POST /message-requests/{id}/accept): its text becomes the first new
 * message of the pair's thread, read by the recipient, and the two may write to each
 * other from then on. The sender's unit comes back, and they hear of it (notification,
 * and their thread list follows live). Answers the thread as the recipient sees it.
 */
export async function acceptRequest(deps: RequestDeps, userId: string, id: string): Promise<Thread> {
  const request = await pendingRequestTo(deps, userId, id);
  const at = deps.clock.now().toISOString();
  if (!(await answer(deps, id, 'accepted', at))) throw new ApiError(409, M.answered);
  const sender = request.sender_id;
  const threadId = (await deps.inbox.of(userId).threadWith(sender))?.id ?? (await threadIdOf(sender, userId));
  // Written by the sender, already read by the recipient who accepted it: in the sender's mailbox, then the recipient's.
  const mailbox = deps.inbox.of(sender);
  await mailbox.send({ id: newId(), threadId, authorId: sender, toId: userId, body: request.body, replyTo: null, files: [], now: at, read: true });
  // The recipient's thread answers the accept even while their copy of the text is still on its way.
  await Promise.all([mailbox.flush(), deps.inbox.of(userId).ensureThread(threadId, sender, at)]);
  const pair = [userId, sender];
  const [mine, theirs] = await threadViews(deps, threadId, pair);
  await Promise.all([
    theirs?.thread ? tellLive(deps, sender, 'thread', { thread: theirs.thread }) : undefined,
    deliver(deps, {
      userId: sender,
      senderId: userId,
      kind: 'message.request_accepted',
      title: M.acceptedTitle,
      body: `${mine?.viewer.name || 'A member'} accepted your message request.`,
      link: `/inbox?personalInbox=${threadId}`,
      refId: id,
    }),
  ]);
  if (!mine?.thread) throw new ApiError(404, M.requestNotFound);
  return mine.thread;
}

/** Whether the member accepts message requests (their privacy choice; on by default). */
export function requestSettingOf(user: Pick<UserRow, 'acceptsMessageRequests'>): RequestSetting {
  return { accepting: user.acceptsMessageRequests };
}

/** Turns message requests to the member on or off; requests already received stay. */
export async function setRequestSetting(deps: Pick<Deps, 'db' | 'clock'>, userId: string, accepting: boolean): Promise<RequestSetting> {
  await deps.db.run(sql`UPDATE users SET accepts_message_requests = ${accepting ? 1 : 0}, updated_at = ${deps.clock.now().toISOString()} WHERE id = ${userId}`);
  return { accepting };
}

/** Declines a request (POST /message-requests/{id}/decline). The sender is not told, and the unit stays used. */
export async function declineRequest(deps: Pick<Deps, 'db' | 'clock'>, userId: string, id: string): Promise<{ _id: string; status: 'declined' }> {
  await pendingRequestTo(deps, userId, id);
  if (!(await answer(deps, id, 'declined', deps.clock.now().toISOString()))) throw new ApiError(409, M.answered);
  return { _id: id, status: 'declined' };
}
