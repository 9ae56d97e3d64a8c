/**
 * The wire shapes of the inbox (docs/product.md#messages: Message and Thread): attachments,
 * messages with the message they reply to, threads as one member sees them, and the
 * inputs the routes accept. The app imports these types; field names are the spec's.
 */
import { z } from '@hono/zod-openapi';
import { IdSchema, MemberCardSchema, pagedSchema } from '../members/schemas';
import { MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE, THREAD_PAGE_MAX, THREAD_PAGE_SIZE } from '../shared/inbox-limits';

export * from '../shared/inbox-limits';

export const AttachmentSchema = z
  .object({
    _id: z.string(),
    url: z.string().openapi({
      description: 'Where the two members of the thread read the file: `/connections/attachments/{id}` (through the app: `/api/session/connections/attachments/{id}`).',
    }),
    name: z.string().openapi({ description: 'The file name as uploaded (shown, never trusted for the type).' }),
    mime: z.string().openapi({ description: "From the file's bytes: image/jpeg, image/png, image/webp, image/gif, application/pdf, video/mp4, video/webm." }),
    size: z.number().int().openapi({ description: 'Bytes.' }),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .openapi('Attachment');

/** What a reply shows of the message it answers. */
export const QuotedMessageSchema = z
  .object({
    _id: z.string(),
    body: z.string().openapi({ description: 'Empty when the quoted message was deleted.' }),
    authorId: z.string(),
    authorName: z.string(),
    deleted: z.boolean(),
    attachmentCount: z.number().int(),
  })
  .openapi('QuotedMessage');

export const MessageSchema = z
  .object({
    _id: z.string(),
    connection: z.string().openapi({ description: 'The thread id.' }),
    body: z.string().openapi({ description: 'Plain text as written (escaped by whoever displays it); empty once deleted.' }),
    read: z.boolean().openapi({ description: 'Whether the recipient has opened the thread since it arrived.' }),
    authorProfile: MemberCardSchema.openapi({ description: 'The author.' }),
    createdAt: z.string(),
    replyTo: QuotedMessageSchema.nullable(),
    mediaFiles: z.array(AttachmentSchema),
    to: z.string().openapi({ description: "The recipient's user id." }),
    deleted: z.boolean().openapi({ description: 'Deleted by its author ("This message was deleted").' }),
  })
  .openapi('Message');

export const ThreadSchema = z
  .object({
    _id: z.string().openapi({ description: 'The thread id (the `personalInbox` page parameter, the live `connectionId`).' }),
    status: z.enum(['accepted', 'removed']).openapi({ description: '`accepted` while the two are connected; `removed` keeps the history read only.' }),
    message: z.string().openapi({ description: "A preview of the latest message's text ('' before the first message)." }),
    updatedAt: z.string(),
    receiver: MemberCardSchema.openapi({ description: 'The other member.' }),
    latestMessage: MessageSchema.nullable().openapi({ description: 'The newest message, with its read flag.' }),
    unreadCount: z.number().int().openapi({ description: 'Messages to the viewer in this thread they have not read.' }),
    canWrite: z.boolean().openapi({ description: 'Whether the viewer may send here (connected and not blocked).' }),
  })
  .openapi('Thread');

export const ThreadPageSchema = pagedSchema(ThreadSchema, 'ThreadPage');

export const ThreadMessagesSchema = z
  .object({
    thread: ThreadSchema,
    messages: z.array(MessageSchema).openapi({ description: 'Oldest first within the page.' }),
    hasMore: z.boolean().openapi({ description: 'Whether older messages exist before the first one here.' }),
  })
  .openapi('ThreadMessages');

export const SentMessageSchema = z.object({ message: MessageSchema, thread: ThreadSchema }).openapi('SentMessage');

export const ThreadListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(THREAD_PAGE_MAX).default(THREAD_PAGE_SIZE),
  page: z.coerce.number().int().min(1).default(1).openapi({ description: 'From 1.' }),
  msgStatus: z.enum(['all', 'unread', 'read']).default('all').openapi({ description: '`unread`: threads with messages the viewer has not read.' }),
});

export const ThreadMessagesQuerySchema = z.object({
  before: IdSchema.optional().openapi({ description: 'A message id: the page ends just before it (older messages).' }),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
});

/** Opens (or finds) the thread with a connected member: the inbox's "Message" button. */
export const OpenThreadBodySchema = z.object({ userId: IdSchema.openapi({ description: 'The other member.' }) }).openapi('OpenThreadBody');

export type Attachment = z.infer<typeof AttachmentSchema>;
export type QuotedMessage = z.infer<typeof QuotedMessageSchema>;
export type Message = z.infer<typeof MessageSchema>;
export type Thread = z.infer<typeof ThreadSchema>;
export type ThreadPage = z.infer<typeof ThreadPageSchema>;
export type ThreadMessages = z.infer<typeof ThreadMessagesSchema>;
export type SentMessage = z.infer<typeof SentMessageSchema>;

/** The answer of DELETE /connections/deleteMessage/{messageId}: the thread as the author now sees it. */
export const DeletedMessageSchema = z.object({ deleted: z.literal(true), thread: ThreadSchema }).openapi('DeletedMessage');
export type DeletedMessage = z.infer<typeof DeletedMessageSchema>;
