/**
 * The feed's input limits, as plain numbers: the API validates with them and the app's
 * composer shows them (no zod here, so the browser bundle stays small).
 */

/** A mention as stored in a post or comment: `@[Display Name](<user id>)`. Readers see `@Display Name`. */
export const MENTION_TOKEN = /@\[([^\]\n]{1,100})\]\(([0-9a-f]{24})\)/g;

/** A stored text as readers see it: each mention as `@Name`. The text limits count this. */
export function readerText(stored: string): string {
  return stored.replace(MENTION_TOKEN, '@$1');
}

/** Stored text carries the mentions' ids on top of what readers see; it may be at most twice the limit. */
export const storedMax = (readerMax: number): number => readerMax * 2;

/** The longest a post's text may be, in characters. */
export const POST_TEXT_MAX = 3000;
/** The longest a comment or reply may be, in characters. */
export const COMMENT_TEXT_MAX = 1000;
/** Replies each comment brings, oldest first; the rest page through GET /feed/comments/replies/{comment_id}. */
export const REPLIES_PER_COMMENT = 50;
/** A poll has between POLL_OPTIONS_MIN and POLL_OPTIONS_MAX options. */
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 6;
/** The longest a poll option's label may be. */
export const POLL_OPTION_MAX = 80;
/** The longest a poll question may be. */
export const POLL_QUESTION_MAX = 200;
/** A poll closes at most this many days after it is posted. */
export const POLL_MAX_DAYS = 30;
/** Up to this many images per post (or one video). */
export const POST_IMAGES_MAX = 4;
/** The largest image a post may carry, in bytes. */
export const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The largest video a post may carry, in bytes. */
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/** The longest an image's alt text may be. */
export const MEDIA_ALT_MAX = 300;
/** Hashtags: 1–50 letters, digits or `_` after `#`, not all digits. */
export const HASHTAG_MAX = 50;
