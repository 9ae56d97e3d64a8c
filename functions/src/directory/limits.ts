/** The page sizes of the visitor lists (plain numbers, so domain code needs no schema). */

/** Members per directory page. */
export const DIRECTORY_PAGE_SIZE = 24;

/** Posts per topic page. */
export const TOPIC_PAGE_SIZE = 20;
