/** What the message request API says, in one place for the service, routes, docs and tests. */
export const REQUEST_MESSAGES = {
  premiumOnly: 'Message requests are a Premium feature: upgrade on /premium to write to members you are not connected with.',
  allowanceUsed: (allowance: number, renewsAt: string) =>
    `You have used all ${allowance} message requests for this month. They renew on ${renewsAt.slice(0, 10)}; a request the member accepts gives its unit back.`,
  memberNotFound: 'Member not found.',
  requestNotFound: 'Message request not found.',
  turnedOff: 'This member does not accept message requests. Send a connection request instead.',
  connected: 'You are connected with this member: send a message instead.',
  alreadySent: 'You already sent this member a request; it is waiting for an answer.',
  theySent: 'This member already sent you a request: answer it in your Requests.',
  alreadyAccepted: 'A request between you was accepted: write in your conversation.',
  declined: 'A request between you was declined.',
  answered: 'This request was already answered.',
  yourself: 'cannot be yourself',
  emptyBody: 'must not be empty',
  newRequestTitle: 'New message request',
  acceptedTitle: 'Message request accepted',
} as const;

/** The longest request text, in characters. */
export const REQUEST_BODY_MAX = 2000;
