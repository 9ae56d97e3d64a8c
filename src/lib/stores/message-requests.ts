/**
 * `$messageRequests`: the inbox's Requests folder (pending message requests to the member)
 * and its actions: accept (the conversation opens), decline, and block the sender (the
 * report form is the island's). A request leaves the list at once and comes back with a
 * toast if the server refuses. `sendMessageRequest` is the profile's "Message request".
 */
import type { MessageRequest, MessageRequestPage, SentRequest } from '@api/message-requests/schemas';
import type { Thread } from '@api/inbox/schemas';
import { atom, type WritableAtom } from 'nanostores';
import { api as sessionApi, data, type ApiClient } from '../api/client';
import { toast, type ToastKind } from '../toast';

export type RequestsState = { items: MessageRequest[]; total: number; busy: string | null };

export interface RequestDeps {
  store: WritableAtom<RequestsState>;
  api: ApiClient;
  notify: (message: string, kind: ToastKind) => void;
}

export const $messageRequests: WritableAtom<RequestsState> = atom({ items: [], total: 0, busy: null });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went to wrong');

/** The folder's actions over a store and a client (tests inject fakes). */
export function createRequestActions({ store, api, notify }: RequestDeps) {
  const requests = api['message-requests'];

  /** Starts from the page the server rendered. */
  function hydrate(page: MessageRequestPage): void {
    store.set({ items: page.data, total: page.total, busy: null });
  }

  /** Reads the folder again (a live `message.requested` notification arrived). */
  async function refresh(): Promise<void> {
    try {
      hydrate(await data(requests.$get({ query: { page: '1', limit: '50' } })));
    } catch (error) {
      notify(`Your requests could not be loaded: ${messageOf(error)}`, 'error');
    }
  }

  /** Takes `id` out of the list while `request` runs; puts it back if it fails. */
  async function answering<T>(id: string, request: () => Promise<T>, failure: string): Promise<T | null> {
    const before = store.get();
    store.set({ items: before.items.filter((item) => item._id !== id), total: Math.max(0, before.total - 1), busy: id });
    try {
      const answer = await request();
      store.set({ ...store.get(), busy: null });
      return answer;
    } catch (error) {
      const now = store.get();
      const item = before.items.find((entry) => entry._id === id);
      store.set({ items: item && !now.items.some((entry) => entry._id === id) ? [item, ...now.items] : now.items, total: now.total + 1, busy: null });
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

  return { hydrate, refresh, accept, decline, blockSender };
}

export type RequestActions = ReturnType<typeof createRequestActions>;

export const requestActions: RequestActions = createRequestActions({
  store: $messageRequests,
  api: sessionApi,
  notify: (message, kind) => toast(message, { kind }),
});

/** Sends a message request from a profile; answers the request and the allowance left, or throws the API's error. */
export function sendMessageRequest(to: string, body: string, api: ApiClient = sessionApi): Promise<SentRequest> {
  return data(api['message-requests'].$post({ json: { to, body } }));
}

/** Turns message requests to the member on or off (the privacy page). */
export function setAcceptingRequests(accepting: boolean, api: ApiClient = sessionApi): Promise<{ accepting: boolean }> {
  return data(api['message-requests'].settings.$patch({ json: { accepting } }));
}
