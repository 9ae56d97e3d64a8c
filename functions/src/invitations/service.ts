/**
 * Invitations (docs/product.md "Invitations"): a member invites someone by email, within a
 * weekly allowance (INVITATIONS_PER_WEEK); the mail carries a link to /join/<token>, which
 * names the inviter and leads into registration; registering through it records who joined
 * and tells the inviter (a notification under their "connection accepted" preference).
 */
import { eq } from 'drizzle-orm';
import { invitations } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError, fieldError } from '../errors';
import { newId } from '../db/ids';
import { findMemberCard, toMemberCard, type MemberCardRow } from '../members/cards';
import { deliver, sendMail } from '../notifications/deliver';
import { NOTIFICATION_LINKS } from '../notifications/links';
import { tooManyAttempts } from '../rate-limit/policies';
import { normalizeEmail } from '../users/repository';
import { invitationMail } from './mail';
import { INVITATION_MESSAGES as M } from './messages';
import type { Invitation, InvitationLanding, InvitationList, InvitationStatus } from './schemas';
import { type InvitationCardRow, insertInvitation, invitationByTokenHash, invitationsOf, markJoined, refusalOf, sentInWeek } from './store';
import { invitationTokenHash, newInvitationToken } from './tokens';

const DAY_MS = 86_400_000;

/** The app path an invitation mail links to. */
export const joinPath = (token: string) => `/join/${token}`;

/** The card of the member on the other side; its slug empty until they finished onboarding (no profile to link to yet). */
function cardOf(row: InvitationCardRow) {
  if (row.m_id === null) return null;
  const card = toMemberCard(row as MemberCardRow);
  return row.m_onboarded === 1 ? card : { ...card, slug: '' };
}

function statusOf(row: InvitationCardRow, now: Date): InvitationStatus {
  if (row.i_joined !== null) return 'joined';
  return Date.parse(row.i_expires) <= now.getTime() ? 'expired' : 'sent';
}

function toInvitation(row: InvitationCardRow, now: Date): Invitation {
  return { _id: row.i_id, email: row.i_email, status: statusOf(row, now), createdAt: row.i_created, expiresAt: row.i_expires, joinedAt: row.i_joined, member: cardOf(row) };
}

/**
 * Invites `rawEmail` for the member and mails the invitation. Refused with a 409 naming
 * `email` for a member's address or one the member invited already (still open), and with
 * a 429 and `Retry-After` past the weekly allowance.
 */
export async function sendInvitation(deps: Deps, inviterId: string, rawEmail: string): Promise<Invitation> {
  const email = normalizeEmail(rawEmail);
  const now = deps.clock.now();
  const at = now.toISOString();
  const token = newInvitationToken();
  const row = {
    id: newId(),
    inviterId,
    email,
    tokenHash: await invitationTokenHash(token),
    createdAt: at,
    expiresAt: new Date(now.getTime() + deps.config.invitationDays * DAY_MS).toISOString(),
  };
  const perWeek = deps.config.invitationsPerWeek;
  if (!(await insertInvitation(deps.db, row, perWeek))) {
    const refusal = await refusalOf(deps.db, inviterId, email, at, perWeek);
    if (refusal.member) throw fieldError(409, M.alreadyMember, { email: 'is already a member' });
    if (refusal.repeated) throw fieldError(409, M.alreadyInvited, { email: 'was invited already' });
    const wait = refusal.freedAt ? Math.max(1, Math.ceil((Date.parse(refusal.freedAt) - now.getTime()) / 1000)) : 7 * 86_400;
    throw tooManyAttempts(wait, M.perWeek(perWeek));
  }
  const inviter = await findMemberCard(deps, inviterId);
  const mail = invitationMail(
    email,
    { name: inviter?.name || 'A member', tagline: inviter?.tagline ?? null },
    `${deps.config.appUrl}${joinPath(token)}`,
    deps.config.invitationDays,
  );
  try {
    await sendMail(deps, mail);
  } catch (error) {
    // An invitation whose mail never left is no invitation: it frees its place of the week.
    await deps.db.delete(invitations).where(eq(invitations.id, row.id));
    throw error;
  }
  return { _id: row.id, email, status: 'sent', createdAt: at, expiresAt: row.expiresAt, joinedAt: null, member: null };
}

/** The member's invitations, newest first, with the week's allowance and how much of it is used. */
export async function listInvitations(deps: Pick<Deps, 'db' | 'clock' | 'config'>, inviterId: string): Promise<InvitationList> {
  const now = deps.clock.now();
  const [rows, sentThisWeek] = await Promise.all([invitationsOf(deps.db, inviterId), sentInWeek(deps.db, inviterId, now.toISOString())]);
  return { data: rows.map((row) => toInvitation(row, now)), perWeek: deps.config.invitationsPerWeek, sentThisWeek };
}

/** What the invited person's page shows: the address and the inviter (null once they deleted their account). 404 when unknown, used (`data.reason` `used`) or expired (`expired`). */
export async function invitationLanding(deps: Pick<Deps, 'db' | 'clock'>, token: string): Promise<InvitationLanding> {
  const row = await invitationByTokenHash(deps.db, await invitationTokenHash(token));
  if (!row) throw new ApiError(404, M.notFound);
  if (row.i_joined !== null) throw new ApiError(404, M.used, { reason: 'used' });
  if (Date.parse(row.i_expires) <= deps.clock.now().getTime()) throw new ApiError(404, M.expired, { reason: 'expired' });
  return { email: row.i_email, expiresAt: row.i_expires, inviter: cardOf(row) };
}

/**
 * Records that the member who just registered came through the invitation of `token`, and
 * tells the inviter. An unknown, used or expired token changes nothing: the account stands.
 */
export async function joinThroughInvitation(deps: Deps, token: string, inviteeId: string): Promise<void> {
  const joined = await markJoined(deps.db, await invitationTokenHash(token), inviteeId, deps.clock.now().toISOString());
  if (!joined?.inviterId) return;
  const invitee = await findMemberCard(deps, inviteeId);
  const name = invitee?.name || 'Someone you invited';
  await deliver(deps, {
    userId: joined.inviterId,
    senderId: inviteeId,
    kind: 'invitation.joined',
    title: `${name} joined through your invitation`,
    body: 'Say hello and connect.',
    link: NOTIFICATION_LINKS.invitations,
    refId: joined.id,
  });
}
