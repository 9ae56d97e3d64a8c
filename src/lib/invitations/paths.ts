/** The app's addresses of invitations (docs/product.md "Invitations"). */

/** Registration through an invitation link: the form fills in the invited address and carries the token. */
export function invitationRegisterPath(token: string): string {
  return `/register?invitation=${encodeURIComponent(token)}`;
}

/** The shape of an invitation token (functions/src/invitations/tokens.ts). */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;
