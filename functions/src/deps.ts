/**
 * Everything the domain code needs from the outside world, handed in as one value so
 * services stay plain functions that tests can call without HTTP.
 *
 * Each Durable Object's port is a types-only file of ports/ (docs/architecture.md "How to add
 * a per-member Durable Object"); the other ports are declared here rather than beside their
 * adapters (auth/password.ts, subscriptions/, auth/social/): those folders depend on this
 * file, and this file depends on no domain folder.
 */
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { InboxStores } from './ports/inbox';
import type { LiveEmitter } from './ports/live';
import type { NotificationStores } from './ports/notifications';
import type { ProfileViewStores } from './ports/profile-views';
import type { Limiter } from './ports/rate-limiter';

/** The browser's session code names why a session ended (src/lib/session/ended.ts); the type is the live port's. */
export type { SessionEndedReason } from './ports/live';

/** The password hasher the domain code receives, so tests of rate limits can use a cheap one. */
export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** True when a stored hash was made with other parameters than today's: rehash at sign-in. */
  needsRehash(stored: string): boolean;
};

/** A Premium plan: billed monthly or yearly. */
export type BillingPlan = 'monthly' | 'yearly';

/** What a plan costs, from configuration (functions/src/subscriptions/config.ts). */
export type PlanPrice = { amount: number; currency: string };

/** A subscription as the payment provider holds it right now (never an event's snapshot). */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  /** The member it was bought for (checkout metadata), when the provider carries it. */
  userId: string | null;
  plan: BillingPlan;
  /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  status: string;
  /** ISO time the paid period ends (renewal or, with cancelAtPeriodEnd, the end). */
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** ISO time it ended, for canceled ones. */
  endedAt: string | null;
};

/** A verified provider event: its id, type and what it points at. */
export type BillingEvent = { id: string; type: string; subscriptionId: string | null; checkoutId: string | null };

/**
 * The payment provider (Stripe in production, the app's own test mode locally): the few
 * calls billing needs. Every answer is the provider's current state.
 */
export type BillingProvider = {
  /** off: a deployment without a Stripe key (nothing is sold; test mode is for development only). */
  mode: 'stripe' | 'test' | 'off';
  prices: Record<BillingPlan, PlanPrice>;
  createCustomer(member: { userId: string; email: string; name: string }): Promise<string>;
  /** A checkout for the customer; `successUrl` may carry `{CHECKOUT_SESSION_ID}`. */
  createCheckout(input: { customerId: string; userId: string; plan: BillingPlan; successUrl: string; cancelUrl: string }): Promise<{ id: string; url: string }>;
  /** Closes the customer's checkouts still open, so an older tab can no longer be paid (providers that can). */
  expireOpenCheckouts?(customerId: string): Promise<void>;
  /** The checkout's customer and subscription (null until it is paid), or null for an unknown checkout. */
  readCheckout(checkoutId: string): Promise<{ customerId: string; subscriptionId: string | null } | null>;
  /** The subscription's current state, or null when the provider does not know it. */
  readSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  undoCancel(subscriptionId: string): Promise<ProviderSubscription>;
  switchPlan(subscriptionId: string, plan: BillingPlan): Promise<ProviderSubscription>;
  /** Ends the subscription at once, without waiting for its period's end (a duplicate bought in a second tab). */
  cancelNow(subscriptionId: string): Promise<ProviderSubscription>;
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies a webhook's signature and age; throws WebhookRejected when it is not good. */
  verifyWebhook(body: string, signature: string | undefined): Promise<BillingEvent>;
};

/** A webhook that failed verification (bad signature, stale, wrong secret, no header). */
export class WebhookRejected extends Error {}

/** The social sign-in providers (auth/social): OAuth 2.0 / OpenID Connect, each on when configured. */
export type SocialProviderName = 'google' | 'linkedin' | 'github';

/** Who the person is at the provider, as its verified answers say. */
export type ProviderIdentity = {
  /** The provider's stable account id (`sub`, or GitHub's numeric id). */
  subject: string;
  /** The address the provider vouches for: Google and LinkedIn `email`, GitHub the primary one. */
  email: string | null;
  /** True only when the provider says that address is verified (`email_verified`, GitHub `verified`). */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
};

/**
 * The OAuth providers behind social sign-in: starts an authorization-code flow with state and
 * PKCE, and finishes it (checks the state, redeems the code with its verifier, reads the identity).
 */
export type SocialSignIn = {
  /** The configured providers, in the order their buttons show. */
  enabled: readonly SocialProviderName[];
  start(provider: SocialProviderName, redirectUri: string): Promise<{ url: string; state: string; codeVerifier: string }>;
  finish(provider: SocialProviderName, input: { callback: URLSearchParams; expectedState: string; codeVerifier: string; redirectUri: string }): Promise<ProviderIdentity>;
};

export type Deps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  passwords: PasswordHasher;
  config: Config;
  // The Durable Objects, each through its port (ports/); build-deps.ts binds them.
  /** Attempts counted per limited key, one object per key (ports/rate-limiter.ts). */
  limiter: Limiter;
  /** Live events to a member's open tabs, one object per member (ports/live.ts). */
  live: LiveEmitter;
  /** Each member's notifications, one object per member (ports/notifications.ts). */
  notifications: NotificationStores;
  /** Each member's profile views, one object per member (ports/profile-views.ts). */
  profileViews: ProfileViewStores;
  /** Each member's copy of their conversations, one mailbox object per member (ports/inbox.ts). */
  inbox: InboxStores;
  /** The payment provider behind Premium (functions/src/subscriptions). */
  billing: BillingProvider;
  /** Sign-in through Google, LinkedIn and GitHub (functions/src/auth/social). */
  social: SocialSignIn;
};
