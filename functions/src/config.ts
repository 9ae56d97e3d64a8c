/**
 * The worker's settings, read once per request from its bindings with safe defaults.
 * Secrets stay optional here; the code that needs one refuses to run without it.
 */
export type Config = {
  environment: string;
  /** Development turns on the dev mailbox and the /dev routes. */
  isDevelopment: boolean;
  /** Origin of the app worker, used in links inside mails; no trailing slash. */
  appUrl: string;
  /** The From header of every mail. */
  mailFrom: string;
  /** The HS256 key for session tokens, or null when the deployment lacks it. */
  jwtSecret: string | null;
  /** Message requests a Premium member may send per calendar month (MESSAGE_REQUEST_ALLOWANCE, default 15). */
  messageRequestAllowance: number;
  /** Minutes a message stays unread (with no push delivered) before it is mailed (UNREAD_MAIL_DELAY_MINUTES, default 60). */
  unreadMailDelayMinutes: number;
  /** Upcoming office-hours sessions a free member may hold as guest (UPCOMING_BOOKINGS_FREE, default 2). */
  upcomingBookingsFree: number;
  /** …and a Premium member (UPCOMING_BOOKINGS_PREMIUM, default 10). */
  upcomingBookingsPremium: number;
  /** Minutes before a session's start after which it can no longer be cancelled (BOOKING_CANCEL_CUTOFF_MINUTES, default 60). */
  bookingCancelCutoffMinutes: number;
  /** Invitations a member may send in any seven days (INVITATIONS_PER_WEEK, default 10). */
  invitationsPerWeek: number;
  /** Days an invitation stays open; the same address can be invited again by the same member after it (INVITATION_DAYS, default 14). */
  invitationDays: number;
  /** New "Interested" a free member may give per week (INTERESTS_PER_WEEK_FREE, default 5). */
  interestsPerWeekFree: number;
  /** …and a Premium member (INTERESTS_PER_WEEK_PREMIUM, default 25). */
  interestsPerWeekPremium: number;
  /** Minutes an "Interested" or "Not now" can be taken back (INTEREST_UNDO_MINUTES, default 10). */
  interestUndoMinutes: number;
  /** Days a "Not now" hides a candidate (NOT_NOW_DAYS, default 90). */
  notNowDays: number;
  /** Saved searches a free member may keep (SAVED_SEARCHES_FREE, default 10). */
  savedSearchesFree: number;
  /** …and a Premium member (SAVED_SEARCHES_PREMIUM, default 50). */
  savedSearchesPremium: number;
};

const DEFAULT_MESSAGE_REQUEST_ALLOWANCE = 15;
const DEFAULT_UNREAD_MAIL_DELAY_MINUTES = 60;
const DEFAULT_UPCOMING_BOOKINGS_FREE = 2;
const DEFAULT_UPCOMING_BOOKINGS_PREMIUM = 10;
const DEFAULT_BOOKING_CANCEL_CUTOFF_MINUTES = 60;
const DEFAULT_INVITATIONS_PER_WEEK = 10;
const DEFAULT_INVITATION_DAYS = 14;
const DEFAULT_INTERESTS_PER_WEEK_FREE = 5;
const DEFAULT_INTERESTS_PER_WEEK_PREMIUM = 25;
const DEFAULT_SAVED_SEARCHES_FREE = 10;
const DEFAULT_SAVED_SEARCHES_PREMIUM = 50;
const DEFAULT_INTEREST_UNDO_MINUTES = 10;
const DEFAULT_NOT_NOW_DAYS = 90;

/** A whole number of at least 0 from a variable, or the fallback when it is missing or not one. */
function wholeNumber(raw: string | undefined, fallback: number): number {
  const value = Number(raw?.trim() || Number.NaN);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

const DEFAULT_APP_URL = 'http://127.0.0.1:4321';
const DEFAULT_MAIL_FROM = 'FounderMesh <no-reply@foundermesh.app>';

type ConfigVars = {
  ENVIRONMENT?: string;
  APP_URL?: string;
  MAIL_FROM?: string;
  JWT_SECRET?: string;
  MESSAGE_REQUEST_ALLOWANCE?: string;
  UNREAD_MAIL_DELAY_MINUTES?: string;
  UPCOMING_BOOKINGS_FREE?: string;
  UPCOMING_BOOKINGS_PREMIUM?: string;
  BOOKING_CANCEL_CUTOFF_MINUTES?: string;
  INVITATIONS_PER_WEEK?: string;
  INVITATION_DAYS?: string;
  INTERESTS_PER_WEEK_FREE?: string;
  INTERESTS_PER_WEEK_PREMIUM?: string;
  SAVED_SEARCHES_FREE?: string;
  SAVED_SEARCHES_PREMIUM?: string;
  INTEREST_UNDO_MINUTES?: string;
  NOT_NOW_DAYS?: string;
};

/** Reads the settings from the worker's env, falling back to the documented defaults. */
export function readConfig(vars: ConfigVars): Config {
  const environment = vars.ENVIRONMENT?.trim() || 'production';
  return {
    environment,
    isDevelopment: environment === 'development',
    appUrl: (vars.APP_URL?.trim() || DEFAULT_APP_URL).replace(/\/+$/, ''),
    mailFrom: vars.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    jwtSecret: vars.JWT_SECRET ? vars.JWT_SECRET : null,
    messageRequestAllowance: wholeNumber(vars.MESSAGE_REQUEST_ALLOWANCE, DEFAULT_MESSAGE_REQUEST_ALLOWANCE),
    unreadMailDelayMinutes: wholeNumber(vars.UNREAD_MAIL_DELAY_MINUTES, DEFAULT_UNREAD_MAIL_DELAY_MINUTES),
    upcomingBookingsFree: wholeNumber(vars.UPCOMING_BOOKINGS_FREE, DEFAULT_UPCOMING_BOOKINGS_FREE),
    upcomingBookingsPremium: wholeNumber(vars.UPCOMING_BOOKINGS_PREMIUM, DEFAULT_UPCOMING_BOOKINGS_PREMIUM),
    bookingCancelCutoffMinutes: wholeNumber(vars.BOOKING_CANCEL_CUTOFF_MINUTES, DEFAULT_BOOKING_CANCEL_CUTOFF_MINUTES),
    invitationsPerWeek: wholeNumber(vars.INVITATIONS_PER_WEEK, DEFAULT_INVITATIONS_PER_WEEK),
    invitationDays: Math.max(1, wholeNumber(vars.INVITATION_DAYS, DEFAULT_INVITATION_DAYS)),
    interestsPerWeekFree: wholeNumber(vars.INTERESTS_PER_WEEK_FREE, DEFAULT_INTERESTS_PER_WEEK_FREE),
    interestsPerWeekPremium: wholeNumber(vars.INTERESTS_PER_WEEK_PREMIUM, DEFAULT_INTERESTS_PER_WEEK_PREMIUM),
    interestUndoMinutes: wholeNumber(vars.INTEREST_UNDO_MINUTES, DEFAULT_INTEREST_UNDO_MINUTES),
    notNowDays: wholeNumber(vars.NOT_NOW_DAYS, DEFAULT_NOT_NOW_DAYS),
    savedSearchesFree: wholeNumber(vars.SAVED_SEARCHES_FREE, DEFAULT_SAVED_SEARCHES_FREE),
    savedSearchesPremium: wholeNumber(vars.SAVED_SEARCHES_PREMIUM, DEFAULT_SAVED_SEARCHES_PREMIUM),
  };
}
