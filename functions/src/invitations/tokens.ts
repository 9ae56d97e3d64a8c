/**
 * Invitation tokens: 32 random bytes in base64url (43 characters), mailed once; only their
 * SHA-256 is stored, so a database leak hands out no live invitation.
 */

/** A fresh invitation token. */
export function newInvitationToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

/** The stored form of a token: SHA-256, lowercase hex. */
export async function invitationTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The shape of a token: what a link may carry. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
