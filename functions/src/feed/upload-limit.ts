/**
 * The post forms carry media, so they need a larger body limit than the API's 64 KB for
 * JSON: one video at its limit (or four images at theirs) plus the text fields. app.ts
 * picks the limit per request with isPostForm.
 */
import { POST_IMAGE_MAX_BYTES, POST_IMAGES_MAX, VIDEO_MAX_BYTES } from '../shared/feed-limits';

/** The most a post form may weigh: the larger of one video or four images, plus the fields. */
export const POST_FORM_MAX_BYTES = Math.max(VIDEO_MAX_BYTES, POST_IMAGES_MAX * POST_IMAGE_MAX_BYTES) + 64 * 1024;

const FORM_ROUTES: Record<string, RegExp> = {
  POST: /^\/feed-post\/?$/,
  PUT: /^\/feed-post\/[^/]+\/?$/,
};

/** Whether a request is one of the multipart post forms (create or edit). */
export function isPostForm(method: string, path: string): boolean {
  return FORM_ROUTES[method.toUpperCase()]?.test(path) ?? false;
}
