/** The words of office hours' answers (docs/product.md "Office hours"). */
export const BOOKING_MESSAGES = {
  hostNotFound: 'These office hours are not open',
  bookingNotFound: 'Session not found',
  ownHours: 'You cannot book your own office hours',
  noHours: 'Add your weekly hours before you publish them',
  slotGone: 'That time is no longer open. Pick another.',
  guestBusy: 'You already have a session at that time',
  guestLimit: (limit: number, premium: boolean) =>
    premium ? `You can hold ${limit} upcoming sessions at a time` : `You can hold ${limit} upcoming sessions at a time. Premium members can hold more.`,
  tooLate: 'It is too close to the start to change this session',
  alreadyChanged: 'This session has changed since you opened it',
  notStarted: 'You can mark a no-show once the session has started',
  sameTime: 'The session is already at that time',
} as const;
