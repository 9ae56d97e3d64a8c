/**
 * Route documentation shared by the posts routes: tags, security, the post form written
 * out as an OpenAPI schema (read by the handler itself: files, repeated alt texts, the
 * poll as JSON text) and the error entries.
 */
import { errorResponses } from '../openapi/responses';
import { MEDIA_ALT_MAX, POLL_MAX_DAYS, POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_QUESTION_MAX, POST_IMAGES_MAX, POST_TEXT_MAX } from './limits';

export const feedDoc = { tags: ['Feed'] };
export const memberFeedDoc = { ...feedDoc, security: [{ bearerAuth: [] }] };

type Status = Parameters<typeof errorResponses>[0][number];

/** errorResponses whose 409 names the field it is about (`data.fields`), like a 400. */
export function feedErrors(statuses: readonly Status[], descriptions: Partial<Record<Status, string>> = {}) {
  return errorResponses(statuses, descriptions, [409]);
}

const properties: Record<string, Record<string, unknown>> = {
  post_by: { type: 'string', pattern: '^[0-9a-f]{24}$', description: 'Your own user id (403 otherwise).' },
  text: { type: 'string', maxLength: POST_TEXT_MAX, description: 'Plain text; mentions as `@[Display Name](<user id>)`, hashtags as `#word`. On edit, left out: unchanged.' },
  poll: {
    type: 'string',
    contentMediaType: 'application/json',
    description: `JSON \`{ "question"?: string (≤ ${POLL_QUESTION_MAX}), "options": string[] (${POLL_OPTIONS_MIN}–${POLL_OPTIONS_MAX}, ≤ ${POLL_OPTION_MAX} each), "closesAt"?: ISO time within ${POLL_MAX_DAYS} days }\`; \`null\` removes the poll on edit. On edit, left out: unchanged.`,
  },
  group: { type: 'string', description: 'A feed group key (GET /feed/groups); empty: no group. On edit, left out: unchanged.' },
  media: {
    type: 'array',
    items: { type: 'string', format: 'binary' },
    description: `Up to ${POST_IMAGES_MAX} images (JPEG, PNG, WebP or GIF by their bytes, ≤ 10 MB each; metadata removed) or one video (MP4 or WebM, ≤ 50 MB). Send the key once per file.`,
  },
  mediaAlt: { type: 'array', items: { type: 'string', maxLength: MEDIA_ALT_MAX }, description: 'The alt text of each file, in the same order; required for images.' },
  replaceMedia: { type: 'string', enum: ['true', 'false'], description: 'Edit only: true replaces the post’s media with the files sent (none: removes them).' },
};

/** The multipart body of POST /feed-post and PUT /feed-post/{post_id}. */
export const postForm = {
  body: {
    required: true,
    description: 'The post as multipart/form-data. A post is never empty: text, a poll or media.',
    content: {
      'multipart/form-data': {
        schema: { type: 'object' as const, required: ['post_by'], properties },
        encoding: { media: { style: 'form', explode: true }, mediaAlt: { style: 'form', explode: true } },
      },
    },
  },
};
