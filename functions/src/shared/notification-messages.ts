/** The notification routes' error messages (domain code imports them, not the route schemas). */
export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found.',
} as const;

/** A message's notification once the message was deleted shows this instead of its text (inbox/delete.ts, notifications/outbox.ts). */
export const DELETED_MESSAGE_BODY = 'This message was deleted';
