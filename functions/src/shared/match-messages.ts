/** What the introductions API says (docs/product.md "Introductions"), for the service, routes, screens and tests. */
export const MATCH_MESSAGES = {
  memberNotFound: 'Member not found.',
  yourself: 'cannot be yourself',
  advisorsMeetFounders: 'advisors are matched with founders',
  connected: 'You are already connected with this member: write to them in your inbox.',
  alreadyInterested: 'You have already said you are interested in this member.',
  alreadyMatched: 'You are already matched with this member.',
  weeklyLimit: (limit: number, renewsAt: string, premium: boolean) =>
    `You have used all ${limit} invitations for this week. They renew on ${renewsAt.slice(0, 10)}.${premium ? '' : ' Premium members get more.'}`,
  nothingToUndo: 'There is nothing to undo for this member.',
  undoTooLate: (minutes: number) => `It is too late to undo: an answer can be taken back for ${minutes} minutes.`,
  matchedNoUndo: 'You are matched with this member: an answer that made a match cannot be taken back.',
  introductionNotFound: 'Introduction not found.',
  matchTitle: 'It’s a match',
} as const;

/** The answers a member gives a candidate. */
export const INTENT_KINDS = ['interested', 'not_now'] as const;
export type IntentKind = (typeof INTENT_KINDS)[number];
