/**
 * Development-only routes: the dev mailbox (and its attachments), the demo seed, a run of the
 * missed-mail jobs, of the session reminders and of the weekly shortlists (the scheduled triggers', at a chosen moment),
 * the member factory and ended office-hours sessions. Outside development
 * they answer exactly like unknown routes.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { newRouter, type AppEnv } from '../http/context';
import { handleNotFound } from '../http/error-handler';
import { ApiError } from '../errors';
import { fixedClock } from '../clock';
import { devMailAttachment, listDevMail } from '../mail/dev-mailbox';
import { sendSessionReminders } from '../office-hours/reminders';
import { inlineShortlistQueue } from '../shortlist/job';
import { runShortlistJob } from '../shortlist/run';
import { sendDigestsNow } from '../missed-mail/digest-queue';
import { sendUnreadMessageMails } from '../missed-mail/unread';
import { errorResponses, jsonResponse } from '../openapi/responses';
import { devInboxRoutes } from './inbox-routes';
import { devLiveRoutes } from './live-routes';
import { devMemberRoutes } from './member-factory-routes';
import { devNotificationRoutes } from './notification-routes';
import { devProfileViewRoutes } from './profile-views-routes';
import { devSessionRoutes } from './session-routes';
import { seedDemoData } from './seed';
import { PUBLIC_SECURITY } from '../openapi/security';

const developmentOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('deps').config.isDevelopment) return handleNotFound(c);
  await next();
});

const StoredAttachmentSchema = z
  .object({
    index: z.number().int().openapi({ description: 'Its place in the mail: GET /dev/mailbox/{id}/attachments/{index} downloads it.' }),
    filename: z.string(),
    contentType: z.string(),
    size: z.number().int().openapi({ description: 'Bytes.' }),
  })
  .openapi('StoredAttachment');

const StoredMailSchema = z
  .object({
    _id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    headers: z.record(z.string(), z.string()),
    attachments: z.array(StoredAttachmentSchema),
    createdAt: z.string(),
  })
  .openapi('StoredMail');

const SeedResultSchema = z
  .object({
    seeded: z.boolean().openapi({ description: 'False when the demo data was already there; nothing changed then.' }),
    members: z.number().int().optional(),
    posts: z.number().int().optional(),
  })
  .openapi('SeedResult');

const devTag = { tags: ['Development'], description: 'Development only (ENVIRONMENT=development); 404 elsewhere.' };

// The guard comes first, so that it runs before every route below (and answers any other /dev path).
const developmentRouter = newRouter();
developmentRouter.use('*', developmentOnly);

/** Mounted at /dev. */
export const devRoutes = developmentRouter
  .openapi(
    createRoute({
      method: 'get',
      path: '/mailbox',
      security: PUBLIC_SECURITY,
      summary: 'Mail sent in development, newest first',
      ...devTag,
      request: {
        query: z.object({
          to: z.string().max(254).optional().openapi({ description: 'Only mail to this address; without it, the latest 50 of all.' }),
        }),
      },
      responses: {
        200: jsonResponse(z.object({ messages: z.array(StoredMailSchema) }).openapi('Mailbox'), 'The messages.'),
        ...errorResponses([400, 404]),
      },
    }),
    async (c) => c.json({ messages: await listDevMail(c.get('deps').db, c.req.valid('query').to) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/mailbox/{id}/attachments/{index}',
      security: PUBLIC_SECURITY,
      summary: 'Download one attachment of a mail sent in development',
      ...devTag,
      request: {
        params: z.object({
          id: z
            .string()
            .min(1)
            .max(64)
            .openapi({ param: { name: 'id', in: 'path' }, description: 'The mail’s `_id`.' }),
          index: z.coerce
            .number()
            .int()
            .min(0)
            .max(99)
            .openapi({ param: { name: 'index', in: 'path' }, description: 'The attachment’s `index`.' }),
        }),
      },
      responses: {
        200: { description: 'The file, with its type and name.', content: { 'application/octet-stream': { schema: z.string() } } },
        ...errorResponses([400, 404], { 404: 'Attachment not found' }),
      },
    }),
    async (c) => {
      const { id, index } = c.req.valid('param');
      const file = await devMailAttachment(c.get('deps').db, id, index);
      if (!file) throw new ApiError(404, 'Attachment not found');
      return c.body(file.content, 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
      });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/session-reminders',
      security: PUBLIC_SECURITY,
      summary: 'Send the due session reminders now (the scheduled trigger’s job)',
      ...devTag,
      request: {
        query: z.object({
          at: z.iso.datetime().optional().openapi({ description: 'Run as if the clock showed this moment (default now), e.g. a day before a session.' }),
        }),
      },
      responses: {
        200: jsonResponse(z.object({ reminded: z.number().int() }).openapi('SessionRemindersRun'), 'How many reminders went out (one per session and side).'),
        ...errorResponses([400, 404]),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { at } = c.req.valid('query');
      return c.json({ reminded: await sendSessionReminders(at ? { ...deps, clock: fixedClock(new Date(at)) } : deps) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/shortlists',
      security: PUBLIC_SECURITY,
      summary: 'Run the weekly shortlist job now (the hourly trigger’s: due shortlists, then the match check-ins)',
      ...devTag,
      request: {
        query: z.object({
          at: z.iso.datetime().optional().openapi({ description: 'Run as if the clock showed this moment (default now), e.g. a member’s `nextAt`.' }),
          limit: z.coerce
            .number()
            .int()
            .min(0)
            .max(1000)
            .optional()
            .openapi({ type: 'integer', description: 'Shortlists to build at most (default the job’s 100); 0 builds none and only counts who is due.' }),
        }),
      },
      responses: {
        200: jsonResponse(
          z
            .object({ read: z.number().int(), due: z.number().int(), built: z.number().int(), queued: z.number().int(), picks: z.number().int(), checkins: z.number().int() })
            .openapi('ShortlistJobRun'),
          'Members read, due, shortlists built (inline here, so none queued), members picked and check-ins asked.',
        ),
        ...errorResponses([400, 404]),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { at, limit } = c.req.valid('query');
      const runDeps = at ? { ...deps, clock: fixedClock(new Date(at)) } : deps;
      // Built inline, not queued, so a test sees the shortlists as soon as this answers.
      return c.json(await runShortlistJob(runDeps, inlineShortlistQueue(runDeps, limit)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/seed',
      security: PUBLIC_SECURITY,
      summary: 'Load the demo community (once)',
      ...devTag,
      responses: {
        200: jsonResponse(SeedResultSchema, 'Seeded, or already seeded.'),
        ...errorResponses([404]),
      },
    }),
    async (c) => c.json(await seedDemoData(c.get('deps')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/missed-mail',
      security: PUBLIC_SECURITY,
      summary: 'Run the missed-mail jobs now (the unread-message mails, then the digests, sent at once rather than through the queue)',
      ...devTag,
      request: {
        query: z.object({
          at: z.iso.datetime().optional().openapi({ description: 'Run as if the clock showed this moment (default now), e.g. an hour ahead to pass the unread delay.' }),
        }),
      },
      responses: {
        200: jsonResponse(z.object({ unread: z.number().int(), digests: z.number().int() }).openapi('MissedMailRun'), 'How many mails went out.'),
        ...errorResponses([400, 404]),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { at } = c.req.valid('query');
      const secret = deps.config.jwtSecret;
      if (!secret) return c.json({ unread: 0, digests: 0 }, 200);
      const runDeps = at ? { ...deps, clock: fixedClock(new Date(at)) } : deps;
      const unread = await sendUnreadMessageMails(runDeps, secret);
      return c.json({ unread, digests: await sendDigestsNow(runDeps, secret) }, 200);
    },
  )
  .route('/inbox', devInboxRoutes)
  .route('/live', devLiveRoutes)
  .route('/members', devMemberRoutes)
  .route('/notifications', devNotificationRoutes)
  .route('/profile-views', devProfileViewRoutes)
  .route('/sessions', devSessionRoutes);
