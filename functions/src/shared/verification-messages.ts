/** What member verification says (docs/product.md "Verified members"), for the service, routes, screens and tests. */
export const VERIFICATION_MESSAGES = {
  invalidEmail: 'must be a valid address',
  freeMail: 'must be an address at your company’s own domain: free mail addresses (such as gmail.com) cannot prove where you work',
  invalidCode: 'must be the 6 digits we emailed you',
  noPendingCode: 'There is no code waiting: ask for a new one.',
  codeExpired: 'This code has expired: ask for a new one.',
  tooManyGuesses: 'Too many wrong codes: ask for a new one.',
  wrongCode: (left: number) => `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  withdrawnWork: 'An administrator withdrew your work verification. Write to support if you think this is a mistake.',
  notVerified: 'This member has no such badge to withdraw.',
  memberNotFound: 'Member not found.',
  withdrawnTitle: 'Your verified badge was withdrawn',
} as const;

export const VERIFICATION_METHODS = ['linkedin', 'work'] as const;
export type VerificationMethodName = (typeof VERIFICATION_METHODS)[number];

/** A member's badge as every card carries it: LinkedIn linked, and the domain of a proved work address. */
export type VerifiedBadge = { linkedin: boolean; workDomain: string | null };

/** The words shown with a badge: "Verified: works at acme.example" / "LinkedIn linked". */
export function badgeLabels(badge: VerifiedBadge | null | undefined): string[] {
  if (!badge) return [];
  return [...(badge.workDomain ? [`Verified: works at ${badge.workDomain}`] : []), ...(badge.linkedin ? ['LinkedIn linked'] : [])];
}
