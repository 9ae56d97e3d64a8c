/**
 * The post form after its schema (openapi.ts's PostFormSchema) → what createPost and
 * editPost take: each media file judged by its bytes, with its alt text. Every problem
 * of the files is collected and reported at once, named by field (`media.1: must be at
 * most 10 MB (an image)`, `mediaAlt.0: …`, `media: …`).
 */
import { invalidFields, type FieldErrors } from '../errors';
import { checkPostMedia, type CheckedMedia } from '../media/post-media';
import { MEDIA_ALT_MAX, POST_IMAGE_MAX_BYTES, POST_IMAGES_MAX, VIDEO_MAX_BYTES } from '../shared/feed-limits';
import type { PostFormFields } from './openapi';
import type { PollInput } from './schemas';

/** A checked upload with its alt text (images only). */
export type MediaUpload = CheckedMedia & { alt: string | null };

/**
 * The post form. A field left out is `undefined` (on edit: keep what the post has);
 * `poll: null` removes the poll, `group: null` leaves every group.
 */
export type PostForm = {
  postBy: string;
  text: string | undefined;
  poll: PollInput | null | undefined;
  group: string | null | undefined;
  media: MediaUpload[];
  replaceMedia: boolean;
};

const MEDIA_RULES = { imageMaxBytes: POST_IMAGE_MAX_BYTES, videoMaxBytes: VIDEO_MAX_BYTES, maxSide: 12_000 };

async function readMedia(files: readonly File[], alts: readonly string[], errors: FieldErrors): Promise<MediaUpload[]> {
  const uploads: MediaUpload[] = [];
  for (const [index, file] of files.entries()) {
    const checked = await checkPostMedia(new Uint8Array(await file.arrayBuffer()), MEDIA_RULES);
    if ('problem' in checked) {
      errors[`media.${index}`] = checked.problem;
      continue;
    }
    const alt = alts[index] || null;
    if (checked.media.kind === 'image' && !alt) errors[`mediaAlt.${index}`] = 'is required for each image: describe it for people who cannot see it';
    if (alt && alt.length > MEDIA_ALT_MAX) errors[`mediaAlt.${index}`] = `must be at most ${MEDIA_ALT_MAX} characters`;
    uploads.push({ ...checked.media, alt });
  }
  const videos = uploads.filter((upload) => upload.kind === 'video').length;
  if (videos > 1 || (videos === 1 && uploads.length > 1)) errors.media = 'a post carries one video, or images: not both';
  else if (uploads.length > POST_IMAGES_MAX) errors.media = `must have at most ${POST_IMAGES_MAX} images`;
  return uploads;
}

/** Reads the media of a validated post form by their bytes; a 400 naming every file at fault. */
export async function readPostForm(fields: PostFormFields): Promise<PostForm> {
  const errors: FieldErrors = {};
  const media = await readMedia(fields.media, fields.mediaAlt, errors);
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  return { postBy: fields.post_by, text: fields.text, poll: fields.poll, group: fields.group, media, replaceMedia: fields.replaceMedia };
}
