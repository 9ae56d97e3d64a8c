/**
 * `$messageRequests`: the inbox's Requests folder (pending message requests to the member)
 * and its actions: accept (the conversation opens), decline, and block the sender (the
 * report form is the island's). A request leaves the list at once and comes back with a
 * toast if the server refuses. `sendMessageRequest` is the profile's "Message request".
 * `requestsLive` keeps the folder and the Requests tab's count current when a live
 * `message.requested` notification arrives; `$requestSetting` is the privacy page's switch.
 */
import type { MessageRequest, MessageRequestPage, SentRequest } from '@api/message-requests/schemas';
import type { Thread } from '@api/inbox/schemas';
import type { LiveEvents } from '@api/live/events';
import { atom, type WritableAtom } from 'nanostores';
import { api as sessionApi, data, type ApiClient } from '../api/client';
import type { LiveHandlers } from '../live/handlers';
import { toast, type ToastKind } from '../toast';
import { latestLoad } from './machinery/latest';
import { applyOptimistic } from './machinery/optimistic';

/** `followed`: a page shows the folder or its count, so live news of a request reloads them. */
export type RequestsState = { items: MessageRequest[]; total: number; busy: string | null; followed: boolean };

export interface RequestDeps {
  store: WritableAtom<RequestsState>;
  api: ApiClient;
  notify: (message: string, kind: ToastKind) => void;
}

export const $messageRequests: WritableAtom<RequestsState> = atom<RequestsState>({ items: [], total: 0, busy: null, followed: false });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went to wrong');

/** The folder's actions over a store and a client (tests inject fakes). */
export function createRequestActions({ store, api, notify }: RequestDeps) {
  const requests = api['message-requests'];
  const loads = latestLoad();

  /** Starts from the page the server rendered. */
  function hydrate(page: MessageRequestPage): void {
    loads.supersede();
    store.set({ items: page.data, total: page.total, busy: null, followed: true });
  }

  /** Starts from the count the server rendered on the Requests tab (the folder itself is not shown). */
  function hydrateCount(total: number): void {
    store.set({ ...store.get(), total, followed: true });
  }

  /** Reads the folder again (a live `message.requested` notification arrived); the latest read wins. */
  async function refresh(): Promise<void> {
    const latest = loads.start();
    try {
      const page = await data(requests.$get({ query: { page: '1', limit: '50' } }));
      if (latest()) store.set({ items: page.data, total: page.total, busy: store.get().busy, followed: true });
    } catch (error) {
      notify(`Your requests could not be loaded: ${messageOf(error)}`, 'error');
    }
  }

  /** Takes `id` out of the list while `request` runs; puts it back if it fails. */
  async function answering<T>(id: string, request: () => Promise<T>, failure: string): Promise<T | null> {
    const before = store.get();
    store.set({ ...before, items: before.items.filter((item) => item._id !== id), total: Math.max(0, before.total - 1), busy: id });
    try {
      const answer = await request();
      store.set({ ...store.get(), busy: null });
      return answer;
    } catch (error) {
      const now = store.get();
      const item = before.items.find((entry) => entry._id === id);
      store.set({ ...now, items: item && !now.items.some((entry) => entry._id === id) ? [item, ...now.items] : now.items, total: now.total + 1, busy: null });
      notify(`${failure}: ${messageOf(error)}`, 'error');
      return null;
    }
  }

  /** Accepts a request; answers the conversation it opened, or null when refused. */
  function accept(id: string): Promise<Thread | null> {
    return answering(id, () => data(requests[':id'].accept.$post({ param: { id } })), 'The request was not accepted');
  }

  /** Declines a request (the sender is not told). */
  async function decline(id: string): Promise<boolean> {
    const done = await answering(id, () => data(requests[':id'].decline.$post({ param: { id } })), 'The request was not declined');
    if (done) notify('Request declined.', 'info');
    return done !== null;
  }

  /** Blocks the sender of a request: it leaves the folder, and they can no longer find or contact the member. */
  async function blockSender(request: MessageRequest): Promise<boolean> {
    const userId = request.sender._id;
    const done = await answering(request._id, () => data(api.connection.block[':userId'].$post({ param: { userId } })), `${request.sender.name} was not blocked`);
    if (done) notify(`${request.sender.name} is blocked. They can't find you or contact you.`, 'info');
    return done !== null;
  }

  return { hydrate, hydrateCount, refresh, accept, decline, blockSender };
}

export type RequestActions = ReturnType<typeof createRequestActions>;

export const requestActions: RequestActions = createRequestActions({
  store: $messageRequests,
  api: sessionApi,
  notify: (message, kind) => toast(message, { kind }),
});

/** Whether a live `notification` tells of a new message request. */
export function isNewRequest(payload: LiveEvents['notification']): boolean {
  return typeof payload === 'object' && payload !== null && 'notification' in payload && payload.notification?.kind === 'message.requested';
}

/**
 * How the Requests folder answers the live connection (subscribed by src/lib/live/wiring.ts):
 * a new request, or a reconnect that may have missed one, reloads the folder and its
 * count, but only on a page that shows them (other pages fetch nothing).
 */
export function createRequestsLive(store: WritableAtom<RequestsState>, actions: Pick<RequestActions, 'refresh'>): LiveHandlers {
  const refreshIfFollowed = () => {
    if (store.get().followed) void actions.refresh();
  };
  return {
    notification(payload) {
      if (isNewRequest(payload)) refreshIfFollowed();
    },
    reconnect: refreshIfFollowed,
  };
}

export const requestsLive: LiveHandlers = createRequestsLive($messageRequests, requestActions);

/** Sends a message request from a profile; answers the request and the allowance left, or throws the API's error. */
export function sendMessageRequest(to: string, body: string, api: ApiClient = sessionApi): Promise<SentRequest> {
  return data(api['message-requests'].$post({ json: { to, body } }));
}

/** Turns message requests to the member on or off (the privacy page). */
export function setAcceptingRequests(accepting: boolean, api: ApiClient = sessionApi): Promise<{ accepting: boolean }> {
  return data(api['message-requests'].settings.$patch({ json: { accepting } }));
}

/** Whether the member accepts message requests, as the privacy page's switch shows it. */
export const $requestSetting: WritableAtom<{ accepting: boolean }> = atom({ accepting: true });

/** How turning the switch ended: confirmed, refused (and put back), or overtaken by a newer click. */
export type RequestSettingOutcome = 'saved' | 'refused' | 'stale';

/** The privacy switch's actions over a store and a client (tests inject fakes): it turns at once, a refusal puts it back with a toast. */
export function createRequestSettingActions({
  store,
  api,
  notify,
}: {
  store: WritableAtom<{ accepting: boolean }>;
  api: ApiClient;
  notify: (message: string, kind: ToastKind) => void;
}) {
  const clicks = latestLoad();

  /** Starts from the choice the page rendered. */
  function hydrate(accepting: boolean): void {
    clicks.supersede();
    store.set({ accepting });
  }

  /** Turns requests on or off; the latest click decides what the switch shows. */
  async function choose(accepting: boolean): Promise<RequestSettingOutcome> {
    const latest = clicks.start();
    const held = await applyOptimistic({
      change: () => store.set({ accepting }),
      request: () => setAcceptingRequests(accepting, api),
      settle: (answer) => {
        if (latest()) store.set({ accepting: answer.accepting });
      },
      rollback: () => {
        if (latest()) store.set({ accepting: !accepting });
      },
      onRefused: (error) => {
        if (latest()) notify(`Your choice was not saved: ${error.message}`, 'error');
      },
    });
    if (!latest()) return 'stale';
    return held ? 'saved' : 'refused';
  }

  return { hydrate, choose };
}

export const requestSettingActions = createRequestSettingActions({ store: $requestSetting, api: sessionApi, notify: (message, kind) => toast(message, { kind }) });
