/**
 * The most a request body may weigh, by method and API path: the forms that carry files
 * (profile pictures, post media, message attachments) have limits of their own, every
 * other body is JSON (MAX_BODY_BYTES). The one source of these numbers: the API's body
 * limit (app.ts) and the app's session proxy, which refuses an oversized body before it
 * reads it, both ask here. Free of any framework.
 */
import { MAX_BODY_BYTES } from './body-size';
import { isPostForm, POST_FORM_MAX_BYTES } from './feed/upload-limit';
import { isMessageForm, MESSAGE_FORM_MAX_BYTES } from './inbox/upload-limit';
import { isProfileForm, PROFILE_FORM_MAX_BYTES } from './profiles/upload-limit';

/** Routes that carry files and the most their bodies may weigh. */
const UPLOAD_LIMITS: ReadonlyArray<readonly [matches: (method: string, path: string) => boolean, maxBytes: number]> = [
  [isProfileForm, PROFILE_FORM_MAX_BYTES],
  [isPostForm, POST_FORM_MAX_BYTES],
  [isMessageForm, MESSAGE_FORM_MAX_BYTES],
];

/** The most the body of `method` on the API path `path` (`/feed-post`) may weigh, in bytes. */
export function bodyLimitFor(method: string, path: string): number {
  return UPLOAD_LIMITS.find(([matches]) => matches(method, path))?.[1] ?? MAX_BODY_BYTES;
}
