/**
 * The API worker's Hono app: error handling, body limit, the request's dependencies,
 * and the routes mounted by domain.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { adminDeletionRoutes, memberDeletionRoutes } from './account-deletion/routes';
import { adminRoutes } from './admin/routes';
import { moderationRoutes } from './moderation/routes';
import { premiumRoutes } from './admin/premium-routes';
import { adminMemberRoutes } from './admin/member-routes';
import { authRoutes, userRoutes } from './auth/routes';
import { sessionRoutes } from './auth/session-routes';
import { socialRoutes } from './auth/social/routes';
import { dataExportRoutes } from './data-export/routes';
import { connectionRoutes, founderConnectionRoutes } from './connections/routes';
import { devRoutes } from './dev/routes';
import { mediaRoutes } from './media/routes';
import { cityRoutes } from './cities/routes';
import { inboxRoutes, uploadRoutes } from './inbox/routes';
import { notificationRoutes } from './notifications/routes';
import { preferenceRoutes, pushRoutes } from './push/routes';
import { mailRoutes } from './missed-mail/routes';
import { liveRoutes } from './live/routes';
import { adminFeedGroupRoutes, feedPostRoutes, feedRoutes, taggedUsersRoutes } from './feed/routes';
import { commentRoutes } from './comments/routes';
import { advisorProfileRoutes, founderProfileRoutes, onboardingRoutes, profileRoutes } from './profiles/routes';
import { advisorSearchRoutes, founderSearchRoutes, profilesRoutes } from './search/routes';
import { reportRoutes } from './reports/routes';
import { matchingRoutes } from './matching/routes';
import { directoryRoutes } from './directory/routes';
import { subscriptionRoutes } from './subscriptions/routes';
import { messageRequestRoutes } from './message-requests/routes';
import { calendarFeedRoutes } from './office-hours/calendar-feed-routes';
import { officeHoursRoutes } from './office-hours/routes';
import { shareCardRoutes } from './share-cards/routes';
import { reviewRoutes } from './reviews/routes';
import { dashboardRoutes } from './dashboard/routes';
import { invitationRoutes } from './invitations/routes';
import { introductionRoutes } from './introductions/routes';
import { pauseRoutes } from './introductions/pause-routes';
import { savedRoutes } from './saved/routes';
import { shortlistRoutes } from './shortlist/routes';
import { adminVerificationRoutes, verificationRoutes } from './verification/routes';
import { newRouter, provideDeps } from './http/context';
import { d1Meter } from './http/d1-meter';
import { requestLog } from './http/request-log';
import { buildDeps, type AppOptions } from './build-deps';
import { limitBody } from './http/body-limit';
import { bodyLimitFor } from './body-limits';
import { handleError, handleNotFound } from './http/error-handler';
import { errorResponses, jsonResponse } from './openapi/responses';
import { mountReference } from './openapi/routes';
import { methodNotAllowedOr } from './http/method-not-allowed';
import { PUBLIC_SECURITY } from './openapi/security';

/** Builds the app; tests pass a clock or a cheaper password hasher, production nothing. */
export function createApp(options: AppOptions = {}) {
  const app = newRouter();
  app.onError(handleError);
  app.notFound(handleNotFound);
  // First: the request's id and its one log line, which sees every answer, errors included.
  app.use('*', requestLog);
  app.use('*', limitBody(bodyLimitFor));
  // Development only: the request's D1 usage in headers for the scale bench (http/d1-meter.ts).
  app.use('*', d1Meter);
  app.use(
    '*',
    provideDeps((env) => buildDeps(env, options)),
  );

  const api = app
    .openapi(
      createRoute({
        method: 'get',
        path: '/health',
        security: PUBLIC_SECURITY,
        tags: ['Reference'],
        summary: 'Liveness check',
        responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }).openapi('Health'), 'The worker is up.'), ...errorResponses([]) },
      }),
      (c) => c.json({ ok: true as const }, 200),
    )
    .route('/users', userRoutes)
    .route('/auth', authRoutes)
    .route('/auth', sessionRoutes)
    .route('/auth', socialRoutes)
    .route('/auth', memberDeletionRoutes)
    .route('/auth', dataExportRoutes)
    .route('/connection', connectionRoutes)
    .route('/founder', founderConnectionRoutes)
    .route('/founder', founderSearchRoutes)
    .route('/founder', founderProfileRoutes)
    .route('/advisor', advisorSearchRoutes)
    .route('/advisor', advisorProfileRoutes)
    .route('/onboarding', onboardingRoutes)
    .route('/profile', profileRoutes)
    .route('/profiles', profilesRoutes)
    .route('/profiles', matchingRoutes)
    .route('/cities', cityRoutes)
    .route('/directory', directoryRoutes)
    .route('/feed-post', feedPostRoutes)
    .route('/feed/comments', commentRoutes)
    .route('/feed', feedRoutes)
    .route('/admin', adminFeedGroupRoutes)
    .route('/notifications', taggedUsersRoutes)
    .route('/notifications', notificationRoutes)
    .route('/notifications', preferenceRoutes)
    .route('/push', pushRoutes)
    .route('/mail', mailRoutes)
    .route('/connections', inboxRoutes)
    .route('/upload', uploadRoutes)
    .route('/message-requests', messageRequestRoutes)
    .route('/office-hours', calendarFeedRoutes)
    .route('/office-hours', officeHoursRoutes)
    .route('/office-hours', reviewRoutes)
    .route('/dashboard', dashboardRoutes)
    .route('/invitations', invitationRoutes)
    .route('/matching', introductionRoutes)
    .route('/matching', pauseRoutes)
    .route('/saved', savedRoutes)
    .route('/matching', shortlistRoutes)
    .route('/verification', verificationRoutes)
    // Mounted at the root: socket.io clients ask for /socket.io/ with its trailing slash.
    .route('/', liveRoutes)
    .route('/reports', reportRoutes)
    .route('/admin', adminRoutes)
    .route('/admin/moderation', moderationRoutes)
    .route('/admin', adminDeletionRoutes)
    .route('/admin', premiumRoutes)
    .route('/admin', adminMemberRoutes)
    .route('/admin', adminVerificationRoutes)
    .route('/subscriptions', subscriptionRoutes)
    .route('/dev', devRoutes)
    .route('/media', mediaRoutes)
    .route('/og', shareCardRoutes);
  mountReference(api);
  // Known paths asked with a method they do not serve answer 405 and are logged (ASVS 14.5.1).
  api.notFound(methodNotAllowedOr(() => api.routes, handleNotFound));
  return api;
}

/**
 * The app type with every route's path, input and output, for hono/client's `hc<ApiApp>`
 * in the app worker (imported as a type only, so no server code reaches the browser).
 */
export type ApiApp = ReturnType<typeof createApp>;
