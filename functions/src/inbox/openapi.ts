/**
 * Route documentation shared by the inbox routes: the tag, the security and the two
 * multipart forms written out as OpenAPI schemas (the handlers read them themselves:
 * files and upload ids).
 */
import { ATTACHMENT_MAX_BYTES, MESSAGE_BODY_MAX_LENGTH, MESSAGE_MAX_ATTACHMENTS } from './schemas';

export const inboxDoc = { tags: ['Inbox'], security: [{ bearerAuth: [] }] };

const MB = ATTACHMENT_MAX_BYTES / 1024 / 1024;
const FILE_TYPES = 'JPEG, PNG, WebP or GIF images (metadata removed), PDFs, MP4 or WebM videos: judged by their bytes, never by name or declared type';
const id = (description: string) => ({ type: 'string', pattern: '^[0-9a-f]{24}$', description });

const messageProperties: Record<string, Record<string, unknown>> = {
  body: { type: 'string', maxLength: MESSAGE_BODY_MAX_LENGTH, description: 'Plain text (shown as text, never as HTML).' },
  to: id('The recipient’s user id: required without `connectionId`; with it, it must be the other member of that thread.'),
  connectionId: id('The thread id (the `personalInbox` parameter). Left out: the thread with `to`, made on the first message.'),
  replyTo: id('A message of the same thread this one answers.'),
  mediaFiles: {
    type: 'array',
    maxItems: MESSAGE_MAX_ATTACHMENTS,
    items: { oneOf: [{ type: 'string', format: 'binary' }, id('The id of one of your unsent uploads (POST /upload/attachment).')] },
    description: `Up to ${MESSAGE_MAX_ATTACHMENTS} files, ≤ ${MB} MB each: ${FILE_TYPES}. Send the key once per file.`,
  },
};

const uploadProperties: Record<string, Record<string, unknown>> = {
  file: { type: 'string', format: 'binary', description: `≤ ${MB} MB: ${FILE_TYPES}.` },
};

/** The multipart body of POST /connections/messages. */
export const messageForm = {
  body: {
    required: true,
    description: 'The message as multipart/form-data. Never empty: text, files, or both.',
    content: {
      'multipart/form-data': {
        schema: { type: 'object' as const, properties: messageProperties },
        encoding: { mediaFiles: { style: 'form', explode: true } },
      },
    },
  },
};

/** The multipart body of POST /upload/attachment. */
export const uploadForm = {
  body: {
    required: true,
    description: 'One file as multipart/form-data.',
    content: {
      'multipart/form-data': {
        schema: { type: 'object' as const, required: ['file'], properties: uploadProperties },
      },
    },
  },
};
