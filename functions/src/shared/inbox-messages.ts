import { DELETED_MESSAGE_BODY } from './notification-messages';

/** The title of a new message's live notification event (docs/product.md#live-connection); the app tells these events apart by it. */
export const NEW_MESSAGE_TITLE = 'New Message';

/** What the inbox API says, in one place for the services, routes, docs and tests. */
export const INBOX_MESSAGES = {
  threadNotFound: 'Conversation not found.',
  messageNotFound: 'Message not found.',
  attachmentNotFound: 'Attachment not found.',
  memberNotFound: 'Member not found.',
  connectionsOnly: 'You can only message your connections.',
  ownMessagesOnly: 'You can only delete your own messages.',
  emptyMessage: 'Write a message or attach a file.',
  multipartOnly: 'Send the message as multipart/form-data.',
  yourself: 'cannot be yourself',
  notTheOtherMember: 'must be the other member of the conversation',
  toOrThread: 'is required: the recipient, or send connectionId',
  replyElsewhere: 'must be a message of this conversation',
  beforeElsewhere: 'must be a message of this conversation',
  notYourUpload: 'must be a file, or the id of one of your unsent uploads',
  tooManyFiles: (max: number) => `must have at most ${max} files`,
  fileType: 'must be a JPEG, PNG, WebP or GIF image, a PDF, or an MP4 or WebM video',
  fileTooBig: (mb: number) => `must be at most ${mb} MB`,
  fileRequired: 'is required: the file to upload',
  sentAttachment: 'Sent an attachment',
  deletedMessage: DELETED_MESSAGE_BODY,
} as const;
