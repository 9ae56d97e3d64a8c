/**
 * Route documentation shared by the posts routes: tags, security, the error entries, and
 * the post form (multipart/form-data) as the schema that validates and documents it: text
 * fields, the poll as JSON text, media files with their alt texts, and on edit
 * `replaceMedia`. The files' bytes are judged after it, by post-form.ts.
 */
import { z } from '@hono/zod-openapi';
import { firstOf, formBody, formField, formFile, valuesOf } from '../http/forms';
import { fieldErrorsOf } from '../http/validation';
import { errorResponses } from '../openapi/responses';
import {
  MEDIA_ALT_MAX,
  POLL_MAX_DAYS,
  POLL_OPTION_MAX,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POLL_QUESTION_MAX,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGES_MAX,
  POST_TEXT_MAX,
  VIDEO_MAX_BYTES,
} from '../shared/feed-limits';
import { PollInputSchema, type PollInput, readerLimitedText } from './schemas';

export const feedDoc = { tags: ['Feed'] };

type Status = Parameters<typeof errorResponses>[0][number];

/** errorResponses whose 409 names the field it is about (`data.fields`), like a 400. */
export function feedErrors(statuses: readonly Status[], descriptions: Partial<Record<Status, string>> = {}) {
  return errorResponses(statuses, descriptions, [409]);
}

/** The most one media file may weigh before its bytes are read (a video's limit; images are held to theirs by their bytes). */
const MEDIA_FILE_MAX_BYTES = Math.max(POST_IMAGE_MAX_BYTES, VIDEO_MAX_BYTES);

/** The poll: JSON text, checked by PollInputSchema with its problems named inside it (`poll.options`); blank or `null` removes it. */
const pollText = z.string().transform((raw, ctx): PollInput | null => {
  if (raw.trim() === '' || raw.trim() === 'null') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be valid JSON: { "question"?, "options": ["…", "…"], "closesAt"? }' });
    return z.NEVER;
  }
  const parsed = PollInputSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const [field, problem] of Object.entries(fieldErrorsOf(parsed.error.issues, value, 'poll'))) {
    ctx.addIssue({ code: 'custom', message: problem, path: field === 'poll' ? [] : field.split('.') });
  }
  return z.NEVER;
});

/**
 * The post form of POST /feed-post and PUT /feed-post/{post_id}. A field left out is
 * `undefined` (on edit: keep what the post has); `poll: null` removes the poll,
 * `group: null` leaves every group.
 */
const PostFormSchema = z.object({
  post_by: z
    .preprocess(
      (value) => firstOf(value) ?? '',
      z
        .string()
        .trim()
        .refine((id) => id !== '', 'is required: your user id'),
    )
    .openapi({ pattern: '^[0-9a-f]{24}$', description: 'Your own user id (403 otherwise).' }),
  text: formField(readerLimitedText(POST_TEXT_MAX).optional()).openapi({
    description: 'Plain text; mentions as `@[Display Name](<user id>)`, hashtags as `#word`. On edit, left out: unchanged.',
  }),
  poll: formField(pollText.optional()).openapi({
    type: 'string',
    description: `JSON text: \`{ "question"?: string (≤ ${POLL_QUESTION_MAX}), "options": string[] (${POLL_OPTIONS_MIN}–${POLL_OPTIONS_MAX}, ≤ ${POLL_OPTION_MAX} each), "closesAt"?: ISO time within ${POLL_MAX_DAYS} days }\`; \`null\` removes the poll on edit. On edit, left out: unchanged.`,
  }),
  group: formField(
    z
      .string()
      .optional()
      .transform((value) => (value === undefined ? undefined : value.trim() || null)),
  ).openapi({ description: 'A feed group key (GET /feed/groups); empty: no group. On edit, left out: unchanged.' }),
  media: z
    .preprocess(
      // A file input left empty still sends a part: an empty file.
      (value) => valuesOf(value).filter((part) => !(part instanceof File && part.size === 0)),
      z.array(formFile('must be a file').refine((file) => file.size <= MEDIA_FILE_MAX_BYTES, `must be at most ${MEDIA_FILE_MAX_BYTES / 1024 / 1024} MB`)),
    )
    .openapi({
      description: `Up to ${POST_IMAGES_MAX} images (JPEG, PNG, WebP or GIF by their bytes, ≤ 10 MB each; metadata removed) or one video (MP4 or WebM, ≤ 50 MB). Send the key once per file.`,
    }),
  mediaAlt: z
    // A file where text belongs reads as no alt text.
    .preprocess((value) => valuesOf(value).map((alt) => (alt instanceof File ? '' : typeof alt === 'string' ? alt.trim() : alt)), z.array(z.string()))
    .openapi({ description: `The alt text of each file, in the same order (≤ ${MEDIA_ALT_MAX} characters); required for images.` }),
  replaceMedia: formField(
    z
      .string()
      .pipe(z.enum(['true', 'false']))
      .optional(),
  )
    .transform((value) => value === 'true')
    .openapi({ type: 'string', enum: ['true', 'false'], description: 'Edit only: true replaces the post’s media with the files sent (none: removes them).' }),
});

export type PostFormFields = z.output<typeof PostFormSchema>;

/** The multipart body of POST /feed-post and PUT /feed-post/{post_id}. */
export const postFormBody = formBody(PostFormSchema, 'The post as multipart/form-data. A post is never empty: text, a poll or media.', ['media', 'mediaAlt']);
