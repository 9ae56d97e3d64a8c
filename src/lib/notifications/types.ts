/**
 * The notification wire shapes the app reads: type-only re-exports of the API worker's
 * schemas (nothing of zod reaches the browser).
 */
export type { Notification, NotificationKind, NotificationPage } from '@api/notifications/schemas';
export type { LiveEvents, NotificationEvent } from '@api/live/events';
export type { MemberCard } from '@api/members/schemas';
