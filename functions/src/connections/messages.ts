/**
 * The words of the connection routes, in one place for the services, routes and tests.
 */
export const CONNECTION_MESSAGES = {
  memberNotFound: 'Member not found.',
  requestNotFound: 'Connection request not found.',
  alreadySent: 'You have already sent a request to this member.',
  alreadyConnected: 'You are already connected.',
  unblockFirst: 'Unblock this member first.',
  alreadyAnswered: 'This request has already been answered.',
  noLongerPending: 'This request is no longer pending.',
  notConnected: 'This connection has already been removed.',
  yourself: 'cannot be yourself',
} as const;
