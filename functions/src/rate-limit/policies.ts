/**
 * Every rate limit of the API in one table, and the check that turns a refusal into
 * the 429 answer. See docs/security.md, "Rate limits".
 */
import { ApiError } from '../errors';
import type { BackoffRule, Limiter, RateRule } from '../ports/rate-limiter';
import { waitText } from '../shared/wait-text';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const RATE_LIMITS = {
  // Failed sign-ins only (a correct password takes its attempt back): auth/login-throttle.ts.
  loginFailuresByIp: { limit: 25, windowSeconds: 5 * MINUTE },
  // ASVS 2.2.1: no more than 100 failed attempts an hour on one account, from all addresses.
  loginFailuresByAccount: { limit: 100, windowSeconds: HOUR },
  registerByIp: { limit: 10, windowSeconds: HOUR },
  registerByEmail: { limit: 3, windowSeconds: HOUR },
  resetByIp: { limit: 20, windowSeconds: 30 * MINUTE },
  // Mails actually sent; further requests get the usual answer and no mail (auth/reset.ts).
  resetMailsByEmail: { limit: 3, windowSeconds: HOUR },
  verifyByEmail: { limit: 10, windowSeconds: 15 * MINUTE },
  resendByEmail: { limit: 5, windowSeconds: HOUR },
  changePasswordByUser: { limit: 10, windowSeconds: 15 * MINUTE },
  // Floods: what notifies another member or holds storage, per member (docs/security.md "Floods").
  // Connection requests stored (each one notifies its receiver): connections/service.ts.
  connectRequestsByMember: { limit: 30, windowSeconds: HOUR },
  // Requests from one member to one other: connect, withdraw, connect again… (subject `from:to`).
  connectRequestsToMember: { limit: 3, windowSeconds: DAY },
  // Tag notifications a member's posts, comments and replies send: one per tagged member told.
  tagNoticesByMember: { limit: 50, windowSeconds: HOUR },
  // Files uploaded ahead of a message (POST /upload/attachment).
  uploadsByMember: { limit: 60, windowSeconds: HOUR },
  // A download of all of one's data (GET /auth/data-export): heavy to make, once an hour.
  dataExportsByMember: { limit: 1, windowSeconds: HOUR },
  // Provider sign-ins finished from one address (GET /auth/{provider}/token): each one calls the provider.
  socialSignInsByIp: { limit: 30, windowSeconds: 15 * MINUTE },
  // Messages sent (each notifies and may push to its recipient): a line every 2 s of a lively
  // chat for a whole minute; 40 in 2 s is a script (inbox/routes.ts).
  messagesByMember: { limit: 30, windowSeconds: MINUTE },
  // Comments and replies written (each tells the post's or comment's author, pushed): a busy
  // hour of discussion is a few dozen (comments/routes.ts).
  commentsByMember: { limit: 120, windowSeconds: HOUR },
  // Reports filed (each queues work for the moderators): 20 an hour covers reporting a whole
  // conversation or a spammer's posts one by one (reports/routes.ts).
  reportsByMember: { limit: 20, windowSeconds: HOUR },
  // Checkouts started (several Stripe calls each, and a session Stripe keeps): a member tries a
  // few times at most (subscriptions/routes.ts).
  checkoutsByMember: { limit: 10, windowSeconds: HOUR },
  // Confirm, cancel and manage of a subscription (each calls Stripe): shared (subscriptions/routes.ts).
  billingChangesByMember: { limit: 20, windowSeconds: HOUR },
  // Push devices registered (each push is one request per device; the newest 10 are kept):
  // a member's browsers re-subscribe now and then, not 20 times an hour (push/routes.ts).
  pushDevicesByMember: { limit: 20, windowSeconds: HOUR },
  // Sessions booked, cancelled, approved or declined (each tells the other side, by mail with a
  // calendar invite): a member books or changes a few a week (office-hours/routes.ts).
  bookingChangesByMember: { limit: 30, windowSeconds: HOUR },
  // Calendar feeds made or revoked (each a new secret URL): a member makes one, and again when
  // a URL leaked; 10 an hour is more than a person needs (office-hours/calendar-feed-routes.ts).
  calendarFeedChangesByMember: { limit: 10, windowSeconds: HOUR },
  // Session reviews and hosts' answers (each tells the other side): one per session, so a few a
  // week; 20 an hour only holds a script (reviews/routes.ts).
  reviewsByMember: { limit: 20, windowSeconds: HOUR },
  // Invitations asked for (invitations/routes.ts), refused ones too: the weekly allowance
  // (INVITATIONS_PER_WEEK) counts those sent; this holds a script probing which addresses are members'.
  invitationsByMember: { limit: 30, windowSeconds: HOUR },
  // "Interested", "Not now" and their undo on /matching (a match tells both members, by mail
  // too; "Interested" is also held to the weekly invitations): a deck reviewed quickly, not a script.
  matchAnswersByMember: { limit: 200, windowSeconds: HOUR },
  // Saving and removing people and searches, editing notes, pausing and resuming (saved/routes.ts,
  // introductions/pause-routes.ts): nobody is told, but each is a write; a busy person makes dozens.
  savedChangesByMember: { limit: 300, windowSeconds: HOUR },
  // Work verification codes mailed (verification/routes.ts): each mails an address the member
  // typed (refused ones count too), so few; with typos and a resend or two, 10 an hour is plenty.
  workCodeMailsByMember: { limit: 10, windowSeconds: HOUR },
  // Codes typed (verification/routes.ts): each code also dies after WRONG_GUESSES_PER_CODE; this
  // holds a script across codes.
  workCodeGuessesByMember: { limit: 30, windowSeconds: HOUR },
  // Deletion asked or withdrawn (each mails the member): shared (account-deletion/routes.ts).
  deletionRequestsByMember: { limit: 10, windowSeconds: DAY },
} as const satisfies Record<string, RateRule>;

/** Flood limits that are not counts in a window (docs/security.md "Floods"). */
export const FLOOD_LIMITS = {
  // A writer tells one member of a tag in one post (its text, comments and replies) once in this time.
  tagNoticeRepeatSeconds: DAY,
  // Uploads a member may hold that no message has sent yet (each is removed a day after it was made).
  pendingUploadsPerMember: 20,
  // Open live sockets per member (tabs and devices); a further one closes the oldest (live/live-object.ts).
  liveSocketsPerMember: 20,
  // Push devices per member; registering one more removes the one subscribed longest ago (push/devices.ts).
  pushDevicesPerMember: 10,
} as const;

/** The lock-outs that grow with each failure. */
export const BACKOFF_RULES = {
  // One address guessing one account: 5 free failures, then 1, 2, 4 … minutes, at most an hour.
  loginFailuresByIpAndAccount: { freeFailures: 5, baseDelaySeconds: MINUTE, maxDelaySeconds: HOUR, forgetAfterSeconds: 24 * HOUR },
} as const satisfies Record<string, BackoffRule>;

export type RateLimitName = keyof typeof RATE_LIMITS | keyof typeof BACKOFF_RULES;

/** The Durable Object name for one limit and subject: `loginFailuresByIp:203.0.113.7`. */
export function limitKey(name: RateLimitName, subject: string): string {
  return `${name}:${subject}`;
}

/**
 * The 429 answer: the wait in words in the message (`Too many connection requests. Please
 * try again in 5 minutes.`), in seconds in `data` and `Retry-After`.
 */
export function tooManyAttempts(retryAfter: number, what = 'attempts'): ApiError {
  return new ApiError(429, `Too many ${what}. Please try again in ${waitText(retryAfter)}.`, { retryAfter }, { 'Retry-After': String(retryAfter) });
}

/** One limit to count against: its name, the subject (a member, an address…) and optionally a cost (1). */
export type LimitCheck = readonly [name: keyof typeof RATE_LIMITS, subject: string, cost?: number];

/**
 * Counts the attempt against each named limit (in parallel) and throws the 429 when any
 * refuses, with the longest wait among them; `what` names the attempts in its message.
 * Call it before any expensive work.
 */
export async function enforceLimits(limiter: Limiter, checks: ReadonlyArray<LimitCheck>, what?: string): Promise<void> {
  const results = await Promise.all(checks.map(([name, subject, cost]) => limiter.hit(limitKey(name, subject), RATE_LIMITS[name], cost)));
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) throw tooManyAttempts(Math.max(...refused.map((result) => result.retryAfter)), what);
}
