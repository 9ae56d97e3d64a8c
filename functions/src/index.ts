/**
 * The API worker's entry: the Hono app as the fetch handler, the hourly sweep of uploads
 * nobody sent, of due account deletions, of expired report snapshots and the mail digests
 * (put on the digest queue, sent by the queue handler), the unread-message mails and the
 * session reminders every 10 minutes (wrangler.toml `[triggers]`), and the Durable Object classes wrangler.toml binds.
 */
import { createApp } from './app';
import { withErrorTracker } from './http/error-tracker';
import { buildDeps } from './build-deps';
import { runDueDeletions } from './account-deletion/requests';
import { sweepUnsentUploads } from './inbox/attachments';
import { consumeDigestBatch, DIGEST_QUEUE, enqueueDueDigests } from './missed-mail/digest-queue';
import { sendUnreadMessageMails, UNREAD_MAIL_CRON } from './missed-mail/unread';
import { redeliverBatchedNotices } from './notifications/deliver';
import { sendSessionReminders } from './office-hours/reminders';
import { purgeSnapshots } from './reports/snapshots';
import { requestDueReviews } from './reviews/requests';
import { consumeShortlistBatch, queueSink, SHORTLIST_QUEUE } from './shortlist/job';
import { runShortlistJob } from './shortlist/run';
import { drainingUnreadBodies } from './request-body';
import { runSavedSearches } from './saved/new-matches';
import { savedCriteria } from './saved/schemas';

export { MemberLive } from './live/live-object';
export { MemberNotifications } from './notifications/notifications-object';
export { MemberProfileViews } from './profiles/profile-views-object';
export { MemberInbox } from './inbox/inbox-object';
export { RateLimiter } from './rate-limit/rate-limiter-object';

const app = createApp();

/** Logs a job's outcome; one job's failure never stops another (each has its own waitUntil). */
function job<T>(name: string, run: () => Promise<T>, done: (result: T) => string): Promise<void> {
  return run().then(
    (result) => console.log(done(result)),
    (error) => console.error(`scheduled ${name} failed`, error),
  );
}

export default {
  // The app; its uncaught errors go to the error tracker when SENTRY_DSN is set (http/error-tracker.ts),
  // and a body no route read is read to its end before the answer (request-body.ts).
  fetch: drainingUnreadBodies((request, env, ctx) => withErrorTracker(request, env, ctx, async () => app.fetch(request, env, ctx))),
  /**
   * Hourly: removes the uploads a day old that no message sent (docs/security.md "Floods"),
   * carries out the account deletions nobody handled within 30 days (account-deletion/requests.ts),
   * deletes the report snapshots 90 days past their report's resolution (reports/snapshots.ts),
   * runs the saved searches whose last run is a day old (saved/new-matches.ts)
   * and puts the members whose digest is due on the digest queue; every 10 minutes: the
   * unread-message mails (missed-mail/), the notifications a failed delivery left in the
   * outbox (notifications/outbox.ts), the review requests of sessions that ended (reviews/requests.ts)
   * and the session reminders due (office-hours/reminders.ts).
   */
  scheduled(controller, env, ctx) {
    const deps = { ...buildDeps(env), media: env.MEDIA };
    // Missed mail is signed with JWT_SECRET (its unsubscribe links); without it none goes out.
    const secret = deps.config.jwtSecret;
    if (controller.cron === UNREAD_MAIL_CRON) {
      // Notifications whose delivery to the receiver's object failed after their action was stored.
      ctx.waitUntil(
        job(
          'notification outbox',
          () => redeliverBatchedNotices(deps),
          (delivered) => `delivered ${delivered} outboxed notifications`,
        ),
      );
      // Guests of the sessions that just ended are asked for a review, once (reviews/requests.ts).
      ctx.waitUntil(
        job(
          'review requests',
          () => requestDueReviews(deps),
          (asked) => `asked ${asked} guests to review their sessions`,
        ),
      );
      // Reminders a day and an hour before each confirmed session (office-hours/reminders.ts).
      ctx.waitUntil(
        job(
          'session reminders',
          () => sendSessionReminders(deps),
          (sent) => `sent ${sent} session reminders`,
        ),
      );
      if (secret)
        ctx.waitUntil(
          job(
            'unread-message mail',
            () => sendUnreadMessageMails(deps, secret),
            (sent) => `sent ${sent} unread-message mails`,
          ),
        );
      return;
    }
    ctx.waitUntil(sweepUnsentUploads(deps).then((removed) => console.log(`swept ${removed} unsent uploads`)));
    ctx.waitUntil(runDueDeletions(deps).then((deleted) => console.log(`carried out ${deleted} due account deletions`)));
    // Saved searches whose last run is a day old: their new members, one notice per search (saved/new-matches.ts).
    ctx.waitUntil(
      job(
        'saved searches',
        () => runSavedSearches(deps, (search) => savedCriteria(search.member_type, search.query).criteria),
        ({ searches, notices }) => `ran ${searches} saved searches, ${notices} had new members`,
      ),
    );
    // The weekly shortlists whose local hour this is onto their queue, then "Did you meet?" of week-old matches (shortlist/run.ts).
    ctx.waitUntil(
      job(
        'weekly shortlists',
        () => runShortlistJob(deps, queueSink(env.SHORTLIST_QUEUE)),
        (run) => `queued ${run.queued} weekly shortlists of ${run.due} due, read ${run.read}; asked ${run.checkins} match check-ins`,
      ),
    );
    ctx.waitUntil(
      job(
        'report snapshot purge',
        () => purgeSnapshots(deps),
        (purged) => `purged ${purged} report snapshots 90 days after their reports were handled`,
      ),
    );
    if (secret)
      ctx.waitUntil(
        job(
          'digest mail',
          () => enqueueDueDigests(deps, env.DIGEST_QUEUE),
          (enqueued) => `queued ${enqueued} members for their digest`,
        ),
      );
  },
  /** The digest queue's consumer (missed-mail/digest-queue.ts): each message one member. */
  async queue(batch, env) {
    const deps = buildDeps(env);
    if (batch.queue === SHORTLIST_QUEUE) {
      const built = await consumeShortlistBatch(deps, batch);
      console.log(`built ${built} weekly shortlists of ${batch.messages.length} queued members`);
      return;
    }
    const secret = deps.config.jwtSecret;
    // Else the digests; without JWT_SECRET no digest goes out (the trigger queues none).
    if (batch.queue !== DIGEST_QUEUE || !secret) {
      console.error(`queue ${batch.queue}: ${batch.messages.length} messages dropped (${secret ? 'not the digest queue' : 'no JWT_SECRET'})`);
      batch.ackAll();
      return;
    }
    const sent = await consumeDigestBatch(deps, secret, batch);
    console.log(`sent ${sent} digests of ${batch.messages.length} queued members`);
  },
} satisfies ExportedHandler<Env>;
