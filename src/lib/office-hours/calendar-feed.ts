/**
 * The member's private calendar feed (/settings/office-hours): whether one is active, making
 * a new one (its URL is answered this once, so the screen shows it until it is left) and
 * revoking it. Failures answer the server's words.
 */
import { api as sessionApi, data, type ApiClient } from '../api/client';
import { toAppError } from '../errors';

export interface FeedStatus {
  active: boolean;
  createdAt: string | null;
}

export interface NewFeed {
  url: string;
  webcalUrl: string;
  createdAt: string;
}

export type FeedOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

type Api = Pick<ApiClient, 'office-hours'>;

async function attempt<T>(call: () => Promise<T>): Promise<FeedOutcome<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (cause) {
    return { ok: false, message: toAppError(cause).message };
  }
}

/** Whether the member has a feed, and since when. */
export const readFeed = (api: Api = sessionApi) => attempt<FeedStatus>(() => data(api['office-hours']['calendar-feed'].$get()));

/** Makes a new feed (any earlier URL stops working) and answers its URL this once. */
export const makeFeed = (api: Api = sessionApi) => attempt<NewFeed>(() => data(api['office-hours']['calendar-feed'].$post()));

/** Revokes the feed: its URL stops working at once. */
export const revokeFeed = (api: Api = sessionApi) => attempt<FeedStatus>(() => data(api['office-hours']['calendar-feed'].$delete()));
