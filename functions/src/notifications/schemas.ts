/**
 * The wire shapes of the notifications (docs/product.md#notifications).
 */
import { z } from '@hono/zod-openapi';
import { IdSchema, MemberCardSchema, pagedSchema } from '../members/schemas';

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_MAX = 50;

/** What a notification is about; the app picks its icon and wording by it. */
export const NOTIFICATION_KINDS = [
  'connection.requested',
  'connection.accepted',
  'post.liked',
  'post.commented',
  'comment.replied',
  'post.mentioned',
  'comment.mentioned',
  'message.received',
  'message.requested',
  'message.request_accepted',
  'account.premium',
  'account.changed',
  'review.requested',
  'review.received',
  'session.requested',
  'session.booked',
  'session.confirmed',
  'session.declined',
  'session.cancelled',
  'session.rescheduled',
  'session.reminder',
  'session.no_show',
  'invitation.joined',
  'match.made',
  'search.new_matches',
  'shortlist.weekly',
  'match.checkin',
  'verification.withdrawn',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationSchema = z
  .object({
    _id: z.string(),
    isSeen: z.boolean(),
    title: z.string(),
    body: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    link: z.string().nullable().openapi({ description: 'The app path it opens, e.g. `/post/<slug>` or `/inbox?personalInbox=<id>`.' }),
    userId: z.string().openapi({ description: 'The receiver.' }),
    userReceiver: z.string().openapi({ description: 'Set from userId (docs/product.md#notifications).' }),
    userSender: z
      .object({ _id: z.string(), profile: MemberCardSchema })
      .nullable()
      .openapi({ description: 'Who caused it, with their display profile; null for account notices.' }),
    createdAt: z.string(),
  })
  .openapi('Notification');

/** An unseen count: the bell's (GET /notifications/unseen-count) and the inbox's (GET /connections/unseen-messages-count). */
export const UnseenCountSchema = z.object({ count: z.number().int() }).openapi('UnseenCount');

export const NotificationPageSchema = pagedSchema(NotificationSchema, 'NotificationPage');

export const NotificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(NOTIFICATION_PAGE_SIZE),
  page: z.coerce.number().int().min(1).default(1),
});

export type Notification = z.infer<typeof NotificationSchema>;
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** `PATCH /notifications/seen?id=`: the notification to mark seen. */
export const SeenQuerySchema = z.object({
  id: IdSchema.openapi({ description: 'The notification id.' }),
});

export const SeenAllSchema = z
  .object({ updated: z.number().int().nonnegative().openapi({ description: 'How many unseen notifications became seen.' }) })
  .openapi('NotificationsSeen');
