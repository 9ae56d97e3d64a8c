/** Longest note of a connection request, as the API accepts it. */
export const NOTE_MAX = 300;
