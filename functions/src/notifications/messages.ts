/** The notification routes' error messages (domain code imports them, not the route schemas). */
export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found.',
} as const;
