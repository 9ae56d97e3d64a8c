/**
 * The production adapters behind every port of Deps, built from the worker's bindings for
 * one request. Tests swap the clock or the password hasher through AppOptions.
 */
import { scryptHasher } from './auth/password';
import { readSocialConfig, type SocialVars } from './auth/social/config';
import { oauthProviders } from './auth/social/oauth-providers';
import { systemClock, type Clock } from './clock';
import { readConfig } from './config';
import { db } from './db/client';
import type { Deps, PasswordHasher } from './deps';
import { inboxBinding } from './inbox/inbox-binding';
import { liveBinding } from './live/live-binding';
import { cloudflareMailer } from './mail/cloudflare-mailer';
import { devMailbox } from './mail/dev-mailbox';
import { notificationsBinding } from './notifications/notifications-binding';
import { profileViewsBinding } from './profiles/profile-views-binding';
import { rateLimiterBinding } from './rate-limit/rate-limiter-binding';
import { readBillingConfig } from './subscriptions/config';
import { stripeProvider } from './subscriptions/stripe-provider';
import { testModeProvider } from './subscriptions/test-mode-provider';
import { unavailableProvider } from './subscriptions/unavailable-provider';

/** What a test (or another entry point) may swap; production uses the defaults. */
export type AppOptions = { clock?: Clock; passwords?: PasswordHasher };

/** Builds the request's dependencies from the worker's bindings. */
export function buildDeps(env: Env, options: AppOptions = {}): Deps {
  const config = readConfig(env);
  const database = db(env);
  const clock = options.clock ?? systemClock;
  return {
    db: database,
    clock,
    config,
    // Development mail stays in the dev mailbox; anywhere else it really goes out.
    mailer: config.isDevelopment ? devMailbox(database, clock) : cloudflareMailer(env.MAILER, config.mailFrom, clock),
    passwords: options.passwords ?? scryptHasher(),
    // The Durable Objects: each binding turns the worker's namespace into its port (ports/), one line each.
    limiter: rateLimiterBinding(env.RATE_LIMITER, clock),
    live: liveBinding(env.LIVE),
    notifications: notificationsBinding(env.NOTIFICATION_STORE),
    profileViews: profileViewsBinding(env.PROFILE_VIEW_STORE),
    inbox: inboxBinding(env.INBOX_STORE),
    billing: billingProvider(env, database, config.appUrl, config.isDevelopment),
    // Sign-in through Google, LinkedIn and GitHub, each on when its client id and secret are set.
    social: oauthProviders(readSocialConfig(env as Env & SocialVars)),
  };
}

/**
 * Stripe when a key is configured; otherwise the app's own test-mode checkout in
 * development, and nothing on sale anywhere else (a deployment missing its key must not
 * let members pay themselves Premium on the test pages).
 */
function billingProvider(env: Env, database: Deps['db'], appUrl: string, isDevelopment: boolean) {
  const billing = readBillingConfig(env);
  if (billing.stripe) return stripeProvider(billing.stripe, billing.prices);
  return isDevelopment ? testModeProvider(database, appUrl, billing.prices) : unavailableProvider(billing.prices);
}
