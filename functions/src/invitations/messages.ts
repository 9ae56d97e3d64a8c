/** The words of the invitations' answers (docs/product.md "Invitations"). */
export const INVITATION_MESSAGES = {
  alreadyMember: 'This person is already a member of FounderMesh. Find them in the directory and connect.',
  alreadyInvited: 'You have invited this address already. You can invite it again once that invitation expires.',
  notFound: 'This invitation link is not valid',
  used: 'This invitation has been used already. Sign in, or create an account of your own.',
  expired: 'This invitation has expired. You can still create an account.',
  perWeek: (limit: number) => `invitations (you can send ${limit} a week)`,
} as const;
