/**
 * The account a test signs in with at the OAuth stand-in (functions/test/oauth-stand-in.ts),
 * and the consent-screen fields that carry it. No Node imports: the API tests use it inside workerd.
 */
export type StandInIdentity = {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  picture?: string;
};

/** The consent screen's fields for this identity, and the person's decision. */
export function identityQuery(identity: StandInIdentity, decision: 'allow' | 'deny' = 'allow'): Record<string, string> {
  const fields: Record<string, string> = { decision, sub: identity.sub };
  if (identity.email !== undefined) fields.email = identity.email;
  if (identity.emailVerified !== undefined) fields.email_verified = String(identity.emailVerified);
  if (identity.givenName !== undefined) fields.given_name = identity.givenName;
  if (identity.familyName !== undefined) fields.family_name = identity.familyName;
  if (identity.picture !== undefined) fields.picture = identity.picture;
  return fields;
}
