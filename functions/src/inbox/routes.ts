/**
 * The inbox routes of docs/product.md#messages, mounted at /connections, and the attachment
 * upload, mounted at /upload. Handlers only translate HTTP to the domain functions.
 */
import { z } from '@hono/zod-openapi';
import { IdSchema } from '../members/schemas';
import { MEMBERS, routesFor } from '../session/guards';
import { newRouter } from '../http/context';
import { formRequest } from '../http/forms';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { attachmentFile, storeUpload } from './attachments';
import { FLOOD_LIMITS, RATE_LIMITS } from '../rate-limit/policies';
import { deleteMessage } from './delete';
import { readMessageForm, readUploadForm } from './message-form';
import { INBOX_MESSAGES as M } from '../shared/inbox-messages';
import { inboxDoc, messageFormBody, uploadFormBody } from './openapi';
import { threadMessages } from './read';
import {
  AttachmentSchema,
  DeletedMessageSchema,
  OpenThreadBodySchema,
  SentMessageSchema,
  ThreadListQuerySchema,
  ThreadMessagesQuerySchema,
  ThreadMessagesSchema,
  ThreadPageSchema,
  ThreadSchema,
} from './schemas';
import { UnseenCountSchema } from '../notifications/schemas';
import { sendMessage } from './send';
import { listThreads, openThread, unseenMessageCount } from './threads';
import { limitPerMember } from '../http/rate-limit-guards';

const route = routesFor(MEMBERS);

const param = (name: string, description: string) => z.object({ [name]: IdSchema.openapi({ param: { name, in: 'path' }, description }) });
const ThreadParam = param('id', 'The thread id.');
const MessageParam = param('messageId', 'A message id.');
const AttachmentParam = param('id', 'The attachment id.');

const FILE_ERRORS = {
  413: 'A file over 10 MB (`data.fields` names it), or a whole body over 50 MB.',
  415: 'A file that is not an allowed type by its bytes (`data.fields` names it), or a body that is not multipart/form-data.',
};

const readRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/',
      ...inboxDoc,
      summary: 'Your conversations, newest message first',
      description:
        'Threads with at least one message, each with the other member, the latest message (its read flag, quote and files) and your unread count. Members blocked either way are left out. `msgStatus=unread`: threads with messages you have not read.',
      request: { query: ThreadListQuerySchema },
      responses: { 200: jsonResponse(ThreadPageSchema, 'A page of threads.'), ...errorResponses([400, 401]) },
    }),
    async (c) => {
      const { page, limit, msgStatus } = c.req.valid('query');
      return c.json(await listThreads(c.get('deps'), c.get('account').user.id, { page, limit, msgStatus }), 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/messages/unseen-count',
      ...inboxDoc,
      summary: 'How many messages you have not read',
      description: 'The sum over your threads; threads hidden by a block are left out.',
      responses: { 200: jsonResponse(UnseenCountSchema, 'The count.'), ...errorResponses([401]) },
    }),
    async (c) => c.json({ count: await unseenMessageCount(c.get('deps'), c.get('account').user.id) }, 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/attachments/{id}',
      ...inboxDoc,
      summary: 'The bytes of an attachment',
      description:
        'Only for the two members of its thread, or its uploader while it is unsent. Sent with its stored type, `X-Content-Type-Options: nosniff`, `Cache-Control: private` and an ETag; pictures and videos inline, PDFs as a download named with the `.pdf` extension.',
      request: { params: AttachmentParam },
      responses: {
        200: { description: 'The file.', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
        304: { description: 'The copy the client has is current.' },
        ...errorResponses([400, 401, 404], { 404: `${M.attachmentNotFound} (also for files of threads you are not in, or of deleted messages)` }),
      },
    }),
    async (c) => {
      const file = await attachmentFile({ ...c.get('deps'), media: c.env.MEDIA }, c.get('account').user.id, c.req.valid('param').id, c.req.raw.headers);
      const headers = Object.fromEntries(file.headers);
      return file.body ? c.body(file.body, 200, headers) : c.body(null, 304, headers);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/{id}',
      ...inboxDoc,
      summary: 'The messages of a conversation, newest page first',
      description:
        'Only its two members (anyone else: 404, as when a block hides it). Oldest first within the page; `hasMore` says whether older messages exist: ask again with `before=<the first message id>`. Opening it marks your unread messages in it read: your other tabs hear the new count (`counts`), and the other member hears `read` (`{ connectionId, readBy }`).',
      request: { params: ThreadParam, query: ThreadMessagesQuerySchema },
      responses: {
        200: jsonResponse(ThreadMessagesSchema, 'The thread and a page of its messages.'),
        ...errorResponses([400, 401, 404], { 400: 'Invalid input, or `before` is not a message of this thread.', 404: M.threadNotFound }),
      },
    }),
    async (c) => c.json(await threadMessages(c.get('deps'), c.get('account').user.id, c.req.valid('param').id, c.req.valid('query')), 200),
  );

const writeRoutes = newRouter()
  .openapi(
    route({
      method: 'post',
      path: '/threads',
      ...inboxDoc,
      summary: 'Open the conversation with a member',
      description:
        'Finds or makes the thread with a connected member (the "Message" button). Without a connection a thread with history still opens, read only (`canWrite: false`); one without history is refused.',
      request: jsonBody(OpenThreadBodySchema),
      responses: {
        200: jsonResponse(ThreadSchema, 'The thread as you see it.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 404], {
          400: 'Invalid input, or yourself (field `userId`).',
          403: M.connectionsOnly,
          404: `${M.memberNotFound} (also when a block stands between you)`,
        }),
      },
    }),
    async (c) => c.json(await openThread(c.get('deps'), c.get('account').user.id, c.req.valid('json').userId), 200),
  )
  .openapi(
    route({
      method: 'post',
      path: '/messages',
      ...inboxDoc,
      summary: 'Send a message',
      description:
        'Text and up to five files (new ones, or ids of your unsent uploads), optionally answering a message of the same thread. Only to a connected member. The recipient gets the live `notification` "New Message" with the thread; your other tabs get `thread`.',
      middleware: [limitPerMember('messagesByMember', 'messages'), formRequest(M.multipartOnly)] as const,
      request: messageFormBody,
      responses: {
        201: jsonResponse(SentMessageSchema, 'The message and the thread as you see it.'),
        ...errorResponses([400, 401, 403, 404, 413, 415, 429], {
          429: `At most ${RATE_LIMITS.messagesByMember.limit} messages a minute. \`Retry-After\` says when to try again.`,
          400: `Invalid input, named in \`data.fields\`: an empty message (\`body\`: ${M.emptyMessage}), \`to\` not the other member, \`replyTo\` from another thread, \`mediaFiles\` over five or not your unsent uploads.`,
          403: M.connectionsOnly,
          404: `${M.threadNotFound} / ${M.memberNotFound}`,
          ...FILE_ERRORS,
        }),
      },
    }),
    async (c) => {
      const form = await readMessageForm(c.req.valid('form'));
      // Server-Timing `stored`: when the message's batch returned (epoch ms), for latency measurements such as bench:live.
      const sent = await sendMessage({ ...c.get('deps'), media: c.env.MEDIA }, c.get('account').user.id, form, {
        stored: (at) => c.header('Server-Timing', `stored;desc="${at.getTime()}"`),
      });
      return c.json(sent, 201);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/deleteMessage/{messageId}',
      ...inboxDoc,
      summary: 'Delete your message',
      description:
        'Only its author. The message stays as "deleted" (its text and files are removed) so replies quoting it still make sense; the thread and both members’ windows follow (`thread` with `removedMessageId`).',
      request: { params: MessageParam },
      responses: {
        200: jsonResponse(DeletedMessageSchema, 'Deleted; the thread as you now see it.'),
        ...errorResponses([400, 401, 403, 404], { 403: M.ownMessagesOnly, 404: `${M.messageNotFound} (also for messages of threads you are not in)` }),
      },
    }),
    async (c) => c.json(await deleteMessage({ ...c.get('deps'), media: c.env.MEDIA }, c.get('account').user.id, c.req.valid('param').messageId), 200),
  );

/** Mounted at /connections. The fixed two-segment paths come before GET /{id}. */
export const inboxRoutes = newRouter().route('/', writeRoutes).route('/', readRoutes);

/** Mounted at /upload. */
export const uploadRoutes = newRouter().openapi(
  route({
    method: 'post',
    path: '/attachment',
    ...inboxDoc,
    summary: 'Upload a file for a message',
    description:
      'Stores one file, judged by its bytes, for a message you are about to send: pass its id in `mediaFiles`. Only you can read it until it is sent; an upload not sent within a day is removed. ' +
      `At most ${RATE_LIMITS.uploadsByMember.limit} uploads an hour, and ${FLOOD_LIMITS.pendingUploadsPerMember} held unsent at once (sending them frees their places).`,
    middleware: [formRequest(M.multipartOnly)] as const,
    request: uploadFormBody,
    responses: {
      201: jsonResponse(AttachmentSchema, 'The stored file.'),
      ...errorResponses([400, 401, 413, 415, 429], {
        400: 'No file (field `file`), or an image with too many pixels.',
        ...FILE_ERRORS,
        429: 'Too many uploads in the hour, or too many files waiting to be sent. `Retry-After` says when to try again.',
      }),
    },
  }),
  async (c) => {
    const file = await readUploadForm(c.req.valid('form').file);
    return c.json(await storeUpload({ ...c.get('deps'), media: c.env.MEDIA }, c.get('account').user.id, file), 201);
  },
);
