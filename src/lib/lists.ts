/** Small list helpers the stores share. */

/** `page` after `current`, without the items already listed (one moved up or down between pages). */
export function appendNew<T extends { _id: string }>(current: readonly T[], page: readonly T[]): T[] {
  const known = new Set(current.map((item) => item._id));
  return [...current, ...page.filter((item) => !known.has(item._id))];
}
