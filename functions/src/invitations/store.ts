/**
 * The invitations table (migration 0041). The insert decides alone whether a member may
 * invite an address: under their weekly allowance, not a member's address, not an address
 * they invited and whose invitation is still open. One statement, so two requests sent at
 * once cannot both take the last place of the week.
 */
import { asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invitations } from '../db/schema';
import { MEMBER_CARD_COLUMNS, type MemberCardRow } from '../members/cards';

export const WEEK_MS = 7 * 86_400_000;

/** How many invitations the list shows, newest first. */
export const INVITATION_LIST_MAX = 100;

export type NewInvitation = { id: string; inviterId: string; email: string; tokenHash: string; createdAt: string; expiresAt: string };

/** Stores the invitation when the member may send it now (`perWeek` in the seven days before `createdAt`); answers whether it was stored. */
export async function insertInvitation(db: Db, row: NewInvitation, perWeek: number): Promise<boolean> {
  const weekAgo = new Date(Date.parse(row.createdAt) - WEEK_MS).toISOString();
  const stored = await db.all<{ id: string }>(sql`
    INSERT INTO invitations (id, inviter_id, email, token_hash, created_at, expires_at)
    SELECT ${row.id}, ${row.inviterId}, ${row.email}, ${row.tokenHash}, ${row.createdAt}, ${row.expiresAt}
    WHERE (SELECT count(*) FROM invitations WHERE inviter_id = ${row.inviterId} AND created_at > ${weekAgo}) < ${perWeek}
      AND NOT EXISTS (SELECT 1 FROM users WHERE email = ${row.email})
      AND NOT EXISTS (SELECT 1 FROM invitations WHERE email = ${row.email} AND inviter_id = ${row.inviterId} AND joined_at IS NULL AND expires_at > ${row.createdAt})
    RETURNING id`);
  return stored.length > 0;
}

/** Why an invitation was not stored, read after the insert refused it. */
export type Refusal = { member: boolean; repeated: boolean; sentThisWeek: number; freedAt: string | null };

/**
 * Why `insertInvitation` refused: the address is a member's, the member invited it already,
 * or the week is full (`freedAt`: when the invitation that holds the last place turns a week old).
 */
export async function refusalOf(db: Db, inviterId: string, email: string, at: string, perWeek: number): Promise<Refusal> {
  const weekAgo = new Date(Date.parse(at) - WEEK_MS).toISOString();
  const [row] = await db.all<{ member: number; repeated: number; sent: number; last_place: string | null }>(sql`SELECT
    EXISTS (SELECT 1 FROM users WHERE email = ${email}) AS member,
    EXISTS (SELECT 1 FROM invitations WHERE email = ${email} AND inviter_id = ${inviterId} AND joined_at IS NULL AND expires_at > ${at}) AS repeated,
    (SELECT count(*) FROM invitations WHERE inviter_id = ${inviterId} AND created_at > ${weekAgo}) AS sent,
    (SELECT created_at FROM invitations WHERE inviter_id = ${inviterId} AND created_at > ${weekAgo} ORDER BY created_at DESC LIMIT 1 OFFSET ${Math.max(perWeek - 1, 0)}) AS last_place`);
  const freedAt = row?.last_place ? new Date(Date.parse(row.last_place) + WEEK_MS).toISOString() : null;
  return { member: row?.member === 1, repeated: row?.repeated === 1, sentThisWeek: Number(row?.sent ?? 0), freedAt };
}

/** How many invitations the member sent in the seven days before `at`. */
export async function sentInWeek(db: Db, inviterId: string, at: string): Promise<number> {
  const weekAgo = new Date(Date.parse(at) - WEEK_MS).toISOString();
  const [row] = await db.all<{ sent: number }>(sql`SELECT count(*) AS sent FROM invitations WHERE inviter_id = ${inviterId} AND created_at > ${weekAgo}`);
  return Number(row?.sent ?? 0);
}

/** An invitation with the card of the member on its other side (all card columns null when there is none). */
export type InvitationCardRow = Omit<MemberCardRow, 'm_id'> & {
  m_id: string | null;
  i_id: string;
  i_email: string;
  i_created: string;
  i_expires: string;
  i_joined: string | null;
  m_onboarded: number | null;
};

const CARD_JOINS = (on: 'inviter_id' | 'invitee_id') =>
  sql.raw(`LEFT JOIN users u ON u.id = i.${on} LEFT JOIN founders f ON f.user_id = u.id LEFT JOIN advisors a ON a.user_id = u.id`);

const INVITATION_COLUMNS = sql.raw('i.id AS i_id, i.email AS i_email, i.created_at AS i_created, i.expires_at AS i_expires, i.joined_at AS i_joined, u.onboarded AS m_onboarded');

/** The member's invitations, newest first, each with who joined through it. */
export function invitationsOf(db: Db, inviterId: string): Promise<InvitationCardRow[]> {
  return db.all<InvitationCardRow>(sql`SELECT ${INVITATION_COLUMNS}, ${MEMBER_CARD_COLUMNS} FROM invitations i ${CARD_JOINS('invitee_id')}
    WHERE i.inviter_id = ${inviterId} ORDER BY i.created_at DESC, i.id DESC LIMIT ${INVITATION_LIST_MAX}`);
}

/** The invitation of a token hash with its inviter's card, or null. */
export async function invitationByTokenHash(db: Db, tokenHash: string): Promise<InvitationCardRow | null> {
  const [row] = await db.all<InvitationCardRow>(sql`SELECT ${INVITATION_COLUMNS}, ${MEMBER_CARD_COLUMNS} FROM invitations i ${CARD_JOINS('inviter_id')}
    WHERE i.token_hash = ${tokenHash}`);
  return row ?? null;
}

/** Records that `inviteeId` joined through the open invitation of the token hash; answers it (with its inviter) or null when it is unknown, used or expired. */
export async function markJoined(db: Db, tokenHash: string, inviteeId: string, at: string): Promise<{ id: string; inviterId: string | null } | null> {
  const [row] = await db.all<{ id: string; inviter_id: string | null }>(sql`UPDATE invitations SET invitee_id = ${inviteeId}, joined_at = ${at}
    WHERE token_hash = ${tokenHash} AND joined_at IS NULL AND expires_at > ${at} RETURNING id, inviter_id`);
  return row ? { id: row.id, inviterId: row.inviter_id } : null;
}

const { tokenHash: _secret, ...exportedColumns } = getTableColumns(invitations);

/** For the data download: the invitations the member sent and the one they joined through, oldest first, without the token's hash. */
export function invitationsAbout(db: Db, userId: string) {
  return db
    .select(exportedColumns)
    .from(invitations)
    .where(or(eq(invitations.inviterId, userId), eq(invitations.inviteeId, userId)))
    .orderBy(asc(invitations.createdAt));
}
