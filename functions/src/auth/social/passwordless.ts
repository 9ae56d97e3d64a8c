/**
 * Members who signed up through a provider have no password. users.password_hash is NOT NULL,
 * so it holds this marker: not a `scrypt$…` hash, so `verifyPassword` reads no parameters
 * from it and answers false for every password. Password sign-in, change password and
 * sign out everywhere (which asks for the password) therefore refuse it like a wrong
 * password; the member sets a password through "Forgot password" (a mailed reset link),
 * which replaces the marker with a real hash.
 */
export const NO_PASSWORD = '!no-password';

/** Whether the account has a password of its own (not the provider-only marker). */
export function hasPassword(passwordHash: string): boolean {
  return passwordHash !== NO_PASSWORD;
}
