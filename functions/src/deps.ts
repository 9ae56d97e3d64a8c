/**
 * Everything the domain code needs from the outside world, handed in as one value so
 * services stay plain functions that tests can call without HTTP.
 *
 * The password and live-event ports are declared here rather than beside their adapters
 * (auth/password.ts, live/emitter.ts): those folders depend on this file, and this file
 * depends on no domain folder.
 */
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { Limiter } from './rate-limit/limiter';
import type { InboxStores } from './mailboxes';

/** The password hasher the domain code receives, so tests of rate limits can use a cheap one. */
export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** True when a stored hash was made with other parameters than today's: rehash at sign-in. */
  needsRehash(stored: string): boolean;
};

/**
 * Live events to a member's open sockets: `emit(userId, event, payload)` reaches every tab
 * and device of that member. `Events` maps the event names to their payloads; Deps carries
 * the emitter with none, so code that sends narrows it to the events it sends (`Emits`,
 * e.g. inbox/live-events.ts). live/events.ts lists them all for the socket and the app.
 */
export type LiveEmitter<Events extends object = Record<never, never>> = {
  /**
   * Resolves once the member's object has sent it (0 sockets is fine); never throws. With
   * `push`, the object sends that web push (push/) when no open socket got the event.
   */
  emit<E extends keyof Events & string>(userId: string, event: E, payload: Events[E], push?: PushNote): Promise<void>;
  /**
   * Closes the member's sockets of the sessions in `scope`, whose sessions just ended,
   * telling each tab `reason` first (the event `session.ended`); never throws.
   */
  closeSessions(userId: string, scope: SessionScope, reason: SessionEndedReason): Promise<void>;
};

/**
 * A web push for a member away from the tab (push/send.ts): `kind` is a preference kind
 * (push/kinds.ts), `url` the screen a click opens, `tag` collapses the pushes of one thing
 * (one conversation) on the device and at the push service (`Topic`).
 */
export type PushNote = { kind: string; title: string; body: string; url: string; tag: string };

/**
 * Why a session ended, as its open tabs are told (session/end-reasons.ts): the live event
 * `session.ended` and the `reason` of a refused token's 401.
 */
export type SessionEndedReason = 'signed_out' | 'signed_out_everywhere' | 'password_changed' | 'suspended' | 'expired' | 'account_deleted';

/** Some of a member's sessions: one of them, or all but one (`allBut: null`: all of them). */
export type SessionScope = { only: string } | { allBut: string | null };

/** A notification as one member's store holds it (functions/src/notifications/store.ts). */
export type StoredNotification = {
  id: string;
  sender_id: string | null;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  ref_id: string | null;
  is_seen: number;
  event_id: string | null;
  created_at: string;
};

/** What to store: `deliveryId` (an outbox row) and `eventId` are each applied once; `collapse` updates the unseen one of the same kind and refId. */
export type NotificationInput = Omit<StoredNotification, 'is_seen' | 'event_id' | 'created_at' | 'sender_id' | 'ref_id'> & {
  senderId: string | null;
  refId: string | null;
  eventId?: string | null;
  deliveryId?: string | null;
  collapse?: boolean;
  at: string;
};

/** Unseen notifications counted by sender (null: the product's own). */
export type UnseenBySender = Array<{ senderId: string | null; n: number }>;

/**
 * The live `notification` event the object sends to its member's live object right after
 * storing (no hop back through the worker): `body` and `sender` (a member card) as the event
 * carries them, the stored notification beside them (null when nothing was stored).
 */
export type NotificationAnnounce = { title: string; body: unknown; sender: { _id: string } | null; push?: PushNote };

/** One member's notifications store: the object's methods (notifications/store.ts). */
export type NotificationBox = {
  store(input: NotificationInput): Promise<StoredNotification | null>;
  /**
   * The live event `announce` describes to the member's sockets (a failed event is logged),
   * then `store`. `written` is false when the event went out but the write failed: the caller
   * keeps its outbox row for the cron and must not announce again.
   */
  storeAndAnnounce(userId: string, input: NotificationInput, announce: NotificationAnnounce): Promise<{ row: StoredNotification | null; written: boolean }>;
  page(limit: number, offset: number, hidden: string[]): Promise<{ rows: StoredNotification[]; total: number }>;
  unseenBySender(): Promise<UnseenBySender>;
  markSeen(id: string): Promise<{ row: StoredNotification | null; unseen: UnseenBySender }>;
  markAllSeen(): Promise<number>;
  markRefSeen(kind: string, refId: string): Promise<UnseenBySender>;
  rewriteBody(kind: string, refId: string, from: string, to: string): Promise<number>;
  forgetSenders(senderIds: string[]): Promise<number>;
  countsSince(since: string): Promise<Array<{ kind: string; senderId: string | null; n: number }>>;
  all(): Promise<StoredNotification[]>;
  wipe(): Promise<void>;
  importRows(rows: StoredNotification[]): Promise<number>;
};

/** The members' notification stores, one per member (`of(userId)`). */
export type NotificationStores = { of(userId: string): NotificationBox };

/** Which list of a member's views a row belongs to: who viewed them, or whom they viewed. */
export type ProfileViewSide = 'viewers' | 'viewed';

/** A profile view as one member's views object keeps it: `member_id` is the other member of the view. */
export type StoredProfileView = { side: ProfileViewSide; member_id: string; day: string; private: number; viewed_at: string };

/** One member's profile views: the object's methods (profiles/views-store.ts). */
export type ProfileViewBox = {
  record(side: ProfileViewSide, memberId: string, at: string, isPrivate: boolean): Promise<void>;
  viewers(since: string, hidden: string[], limit: number): Promise<{ rows: StoredProfileView[]; total: number }>;
  viewed(since: string, hidden: string[], limit: number): Promise<{ rows: Array<{ member_id: string; viewed_at: string }>; total: number }>;
  countSince(since: string): Promise<number>;
  all(): Promise<StoredProfileView[]>;
  forget(memberIds: string[]): Promise<void>;
  wipe(): Promise<void>;
  importRows(rows: StoredProfileView[]): Promise<number>;
};

/** The members' profile-view stores, one per member (`of(userId)`). */
export type ProfileViewStores = { of(userId: string): ProfileViewBox };

/** The dependency of code that sends these live events. */
export type Emits<Events extends object> = { live: LiveEmitter<Events> };

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
  limiter: Limiter;
  passwords: PasswordHasher;
  config: Config;
  /** Live events to a member's open sockets (functions/src/live). */
  live: LiveEmitter;
  /** Each member's notifications, in one object per member (functions/src/notifications/store.ts). */
  notifications: NotificationStores;
  /** Each member's profile views, in one object per member (functions/src/profiles/views-store.ts). */
  profileViews: ProfileViewStores;
  /** Each member's copy of their conversations, in one mailbox object per member (functions/src/inbox/mailbox.ts). */
  inbox: InboxStores;
  /** The payment provider behind Premium (functions/src/subscriptions). */
  billing: BillingProvider;
  /** Sign-in through Google, LinkedIn and GitHub (functions/src/auth/social). */
  social: SocialSignIn;
};
