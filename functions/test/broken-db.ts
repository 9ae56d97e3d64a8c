/** A D1 binding whose every query fails, as when the database is unreachable: an error nobody handles. */
export const brokenDb = {
  prepare() {
    throw new Error('D1_ERROR: the database is unreachable');
  },
  batch() {
    throw new Error('D1_ERROR: the database is unreachable');
  },
} as unknown as D1Database;
