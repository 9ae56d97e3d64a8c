/**
 * The wire shape of GET /dashboard: the cards of the signed-in home, each small (a count and
 * the first few rows), so the page renders from one call (docs/product.md#the-dashboard).
 */
import { z } from '@hono/zod-openapi';
import { MemberCardSchema } from '../members/schemas';

const count = (description: string) => z.number().int().nonnegative().openapi({ description });

const RequestItemSchema = z
  .object({
    _id: z.string().openapi({ description: 'The connection request id (accept or ignore it at /connection/accepted|ignored/{id}).' }),
    member: MemberCardSchema,
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('DashboardRequest');

const ThreadItemSchema = z
  .object({
    _id: z.string().openapi({ description: 'The thread id.' }),
    member: MemberCardSchema,
    unreadCount: count('Unread messages in the thread.'),
    preview: z.string().openapi({ description: 'The first characters of the latest message (empty when it was deleted).' }),
    updatedAt: z.string(),
  })
  .openapi('DashboardThread');

const SessionItemSchema = z
  .object({
    _id: z.string().openapi({ description: 'The booking id.' }),
    role: z.enum(['host', 'guest']).openapi({ description: 'Your side of the session.' }),
    member: MemberCardSchema.openapi({ description: 'The other side.' }),
    start: z.string(),
    end: z.string(),
    status: z.enum(['requested', 'confirmed']),
    topic: z.string(),
  })
  .openapi('DashboardSession');

const ViewItemSchema = z
  .object({
    member: MemberCardSchema.nullable().openapi({ description: 'Null for a viewer who browses privately.' }),
    viewedAt: z.string(),
    private: z.boolean(),
  })
  .openapi('DashboardView');

const PostItemSchema = z
  .object({
    _id: z.string(),
    slug: z.string(),
    author: MemberCardSchema,
    excerpt: z.string().openapi({ description: 'The first characters of the post, as plain text.' }),
    createdAt: z.string(),
  })
  .openapi('DashboardPost');

const InterestItemSchema = z
  .object({
    member: MemberCardSchema,
    interestedAt: z.string(),
  })
  .openapi('DashboardInterest');

const MatchItemSchema = z
  .object({
    _id: z.string().openapi({ description: 'The match id.' }),
    member: MemberCardSchema.openapi({ description: 'The other side of the match.' }),
    createdAt: z.string(),
  })
  .openapi('DashboardMatch');

export const NextStepSchema = z
  .object({
    field: z.string().openapi({ description: 'The missing field, or `onboarding` before the profile exists.' }),
    label: z.string(),
    hint: z.string(),
    href: z.string().openapi({ description: 'The app page where it is filled in.' }),
  })
  .openapi('DashboardNextStep');

export const DashboardSchema = z
  .object({
    requests: z.object({ total: count('Pending requests you received.'), data: z.array(RequestItemSchema) }),
    messages: z.object({ total: count('Threads with unread messages.'), data: z.array(ThreadItemSchema) }),
    sessions: z.object({
      total: count('Upcoming sessions, as host or guest, requests included.'),
      toApprove: count('Requests to you as host waiting for your answer.'),
      data: z.array(SessionItemSchema),
    }),
    views: z.object({
      total: count('Profile views in the window, private ones included.'),
      locked: count('Viewers a free member does not see (0 for Premium).'),
      premium: z.boolean(),
      data: z.array(ViewItemSchema),
    }),
    profile: z.object({
      percent: z.number().int().min(0).max(100).openapi({ description: 'How complete the profile is.' }),
      next: NextStepSchema.nullable().openapi({ description: 'The one most valuable missing field; null when complete.' }),
    }),
    introductions: z.object({
      interested: count('Members interested in you who wait for your answer.'),
      locked: count('Of those, the ones a free member does not see (0 for Premium).'),
      people: z.array(InterestItemSchema).openapi({ description: 'The newest of them, for Premium members; empty for free members.' }),
      matches: count('Your matches: both said Interested.'),
      data: z.array(MatchItemSchema).openapi({ description: 'Your newest matches.' }),
    }),
    posts: z.object({ data: z.array(PostItemSchema).openapi({ description: 'Recent posts of your connections, newest first.' }) }),
  })
  .openapi('Dashboard');

export type Dashboard = z.infer<typeof DashboardSchema>;
export type NextStep = z.infer<typeof NextStepSchema>;
