/**
 * Reads the post form (multipart/form-data) into checked values: text, the poll (JSON
 * text), the group, media files judged by their bytes with their alt texts, and on edit
 * `replaceMedia`. Every problem is collected and reported at once, named by field
 * (`media.1: must be at most 10 MB (an image)`, `mediaAlt.0: …`, `poll.options: …`).
 */
import { invalidFields, type FieldErrors } from '../errors';
import { textField } from '../http/forms';
import { fieldErrorsOf } from '../http/validation';
import { checkPostMedia, type CheckedMedia } from '../media/post-media';
import { MEDIA_ALT_MAX, POST_IMAGE_MAX_BYTES, POST_IMAGES_MAX, POST_TEXT_MAX, VIDEO_MAX_BYTES } from './limits';
import { PollInputSchema, type PollInput } from './schemas';

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

function readPoll(raw: string | undefined, errors: FieldErrors): PollInput | null | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === '' || raw.trim() === 'null') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    errors.poll = 'must be valid JSON: { "question"?, "options": ["…", "…"], "closesAt"? }';
    return undefined;
  }
  const parsed = PollInputSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  Object.assign(errors, prefixed(fieldErrorsOf(parsed.error.issues, value, 'poll')));
  return undefined;
}

/** fieldErrorsOf names fields from the root of the value; poll fields read `poll.options`. */
function prefixed(fields: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(fields).map(([key, problem]) => [key === 'poll' || key.startsWith('poll.') ? key : `poll.${key}`, problem]));
}

async function readMedia(form: FormData, errors: FieldErrors): Promise<MediaUpload[]> {
  // A file input left empty still sends a part: an empty file with no name.
  const parts = form.getAll('media').filter((value) => !(value instanceof File && value.size === 0));
  const alts = form.getAll('mediaAlt').map((value) => (typeof value === 'string' ? value.trim() : ''));
  const uploads: MediaUpload[] = [];
  for (const [index, part] of parts.entries()) {
    if (!(part instanceof File)) {
      errors[`media.${index}`] = 'must be a file';
      continue;
    }
    const maxBytes = Math.max(POST_IMAGE_MAX_BYTES, VIDEO_MAX_BYTES);
    if (part.size > maxBytes) {
      errors[`media.${index}`] = `must be at most ${maxBytes / 1024 / 1024} MB`;
      continue;
    }
    const checked = checkPostMedia(new Uint8Array(await part.arrayBuffer()), MEDIA_RULES);
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

/** Reads and checks the post form; a 400 naming every field at fault. */
export async function readPostForm(form: FormData): Promise<PostForm> {
  const errors: FieldErrors = {};
  const postBy = textField(form, 'post_by', errors)?.trim() ?? '';
  if (!postBy && !errors.post_by) errors.post_by = 'is required: your user id';
  const rawText = textField(form, 'text', errors);
  const text = rawText?.trim();
  if (text !== undefined && text.length > POST_TEXT_MAX) errors.text = `must be at most ${POST_TEXT_MAX} characters`;
  const poll = readPoll(textField(form, 'poll', errors), errors);
  const rawGroup = textField(form, 'group', errors)?.trim();
  const group = rawGroup === undefined ? undefined : rawGroup === '' ? null : rawGroup;
  const replace = textField(form, 'replaceMedia', errors);
  if (replace !== undefined && replace !== 'true' && replace !== 'false') errors.replaceMedia = 'must be one of: true, false';
  const media = await readMedia(form, errors);
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  return { postBy, text, poll, group, media, replaceMedia: replace === 'true' };
}
