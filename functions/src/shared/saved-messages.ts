/** What saved people, saved searches and the pause say (docs/product.md "Saved people and searches", "Pause"), for the API, screens and tests. */
export const SAVED_LIMITS = {
  /** Characters of a private note on a saved member. */
  noteMax: 500,
  /** Characters of a saved search's name. */
  nameMax: 60,
} as const;

export const SAVED_MESSAGES = {
  memberNotFound: 'Member not found.',
  yourself: 'cannot be yourself',
  noteTooLong: `must be at most ${SAVED_LIMITS.noteMax} characters`,
  notSaved: 'This member is not in your saved people.',
  searchNotFound: 'Saved search not found.',
  searchLimit: (limit: number, premium: boolean) => `You can keep ${limit} saved searches. Remove one to save another.${premium ? '' : ' Premium members can keep more.'}`,
  newMatchesTitle: 'New members match your saved search',
  newMatchesBody: (count: number, name: string) => `${count === 1 ? '1 new member matches' : `${count} new members match`} “${name}”.`,
  paused: 'You are paused: you are out of matching and member search until you resume.',
} as const;
