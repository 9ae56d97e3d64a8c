/** What the API answers a caller it cannot let in: no session, an expired one, or not an administrator. */
export const SESSION_MESSAGES = {
  authenticationRequired: 'Authentication required.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  adminOnly: 'Only administrators can do this.',
} as const;
