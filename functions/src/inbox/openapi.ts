/**
 * Route documentation shared by the inbox routes: the tag, the security, and the two
 * multipart forms as the schemas that validate and document them (the message form and
 * the attachment upload). The files' bytes are judged after them, by message-form.ts.
 */
import { z } from '@hono/zod-openapi';
import { formBody, formField, formFile, isEmptyFilePart, valuesOf } from '../http/forms';
import { ATTACHMENT_MAX_BYTES, MESSAGE_BODY_MAX_LENGTH, MESSAGE_MAX_ATTACHMENTS } from '../shared/inbox-limits';
import { INBOX_MESSAGES as M } from '../shared/inbox-messages';

export const inboxDoc = { tags: ['Inbox'] };

const MB = ATTACHMENT_MAX_BYTES / 1024 / 1024;
const FILE_TYPES = 'JPEG, PNG, WebP or GIF images (metadata removed), PDFs, MP4 or WebM videos: judged by their bytes, never by name or declared type';
const ID = /^[0-9a-f]{24}$/;

/** An id field; blank reads as left out. */
const optionalId = (description: string) =>
  formField(
    z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined)
      .pipe(z.string().regex(ID, 'must be a 24-character id').optional()),
  ).openapi({ type: 'string', pattern: ID.source, description });

/** One part of `mediaFiles`: a new file, or the id of one of the sender's unsent uploads. */
const attachmentPart = z
  .unknown()
  .transform((part, ctx): { file: File } | { uploadId: string } => {
    if (part instanceof File) return { file: part };
    const id = typeof part === 'string' ? part.trim() : '';
    if (ID.test(id)) return { uploadId: id };
    ctx.addIssue({ code: 'custom', message: M.notYourUpload });
    return z.NEVER;
  })
  .openapi({
    oneOf: [
      { type: 'string', format: 'binary' },
      { type: 'string', pattern: ID.source, description: 'The id of one of your unsent uploads (POST /upload/attachment).' },
    ],
  });

/** The message form of POST /connections/messages: text, the recipient or thread, the message answered, files. */
const MessageFormSchema = z
  .object({
    body: formField(z.string().max(MESSAGE_BODY_MAX_LENGTH).optional()).openapi({ description: 'Plain text (shown as text, never as HTML).' }),
    to: optionalId('The recipient’s user id: required without `connectionId`; with it, it must be the other member of that thread.'),
    connectionId: optionalId('The thread id (the `personalInbox` parameter). Left out: the thread with `to`, made on the first message.'),
    replyTo: optionalId('A message of the same thread this one answers.'),
    mediaFiles: z
      .preprocess((value, ctx) => {
        // A file input left empty still sends a part: an empty file with no name.
        const parts = valuesOf(value).filter((part) => !isEmptyFilePart(part) && part !== '');
        if (parts.length > MESSAGE_MAX_ATTACHMENTS) ctx.addIssue({ code: 'custom', message: M.tooManyFiles(MESSAGE_MAX_ATTACHMENTS) });
        return parts;
      }, z.array(attachmentPart))
      .openapi({ maxItems: MESSAGE_MAX_ATTACHMENTS, description: `Up to ${MESSAGE_MAX_ATTACHMENTS} files, ≤ ${MB} MB each: ${FILE_TYPES}. Send the key once per file.` }),
  })
  .superRefine((form, ctx) => {
    if (!form.to && !form.connectionId) ctx.addIssue({ code: 'custom', path: ['to'], message: M.toOrThread });
  });

export type MessageFormFields = z.output<typeof MessageFormSchema>;

/** The multipart body of POST /connections/messages. */
export const messageFormBody = formBody(MessageFormSchema, 'The message as multipart/form-data. Never empty: text, files, or both.', ['mediaFiles']);

/** The upload form of POST /upload/attachment: one file. */
const UploadFormSchema = z.object({
  file: formField(formFile(M.fileRequired).refine((file) => !isEmptyFilePart(file), M.fileRequired)).openapi({ description: `≤ ${MB} MB: ${FILE_TYPES}.` }),
});

/** The multipart body of POST /upload/attachment. */
export const uploadFormBody = formBody(UploadFormSchema, 'One file as multipart/form-data.');
