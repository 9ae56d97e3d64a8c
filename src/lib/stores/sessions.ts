/**
 * `$sessions`: the member's office-hours sessions on /sessions (upcoming, requests waiting
 * for their answer as host, past), and the answers they give: approve, decline, cancel with
 * a reason, move to another open time, mark a no-show. After any change, here or from the other side (the live `session` event, a
 * reconnect, the tab shown again), the list is read again from GET /office-hours/sessions:
 * the server decides which section a session belongs to.
 */
import { atom, type WritableAtom } from 'nanostores';
import { api as sessionApi, data, type ApiClient } from '../api/client';
import { toAppError } from '../errors';
import type { Booking, BookingList } from '../office-hours/types';
import { toast, type ToastKind } from '../toast';

export interface SessionsState {
  list: BookingList | null;
  /** A reading in flight (the first, or a refresh). */
  loading: boolean;
  /** Why the last reading failed, when it did. */
  error: string | null;
  /** The session an answer is being sent for. */
  busyId: string | null;
}

/** How an answer ended: done, or refused with the server's words. */
export type AnswerOutcome = { ok: true; booking: Booking } | { ok: false; message: string; status: number };

export interface SessionsDeps {
  store: WritableAtom<SessionsState>;
  api: Pick<ApiClient, 'office-hours'>;
  notify: (message: string, kind: ToastKind) => void;
}

const EMPTY: SessionsState = { list: null, loading: false, error: null, busyId: null };

export const $sessions: WritableAtom<SessionsState> = atom<SessionsState>(EMPTY);

/** The session actions over a store and a client (tests inject fakes). */
export function createSessionsActions({ store, api, notify }: SessionsDeps) {
  const patch = (change: Partial<SessionsState>) => store.set({ ...store.get(), ...change });
  let reading = 0;

  /** Starts from the list the page rendered (null when its reading failed: then reads). */
  function hydrate(list: BookingList | null, error: string | null = null): void {
    store.set({ ...EMPTY, list, error });
  }

  /** Reads the list again; the newest reading wins. */
  async function refresh(): Promise<void> {
    const mine = ++reading;
    patch({ loading: true });
    try {
      const list = await data(api['office-hours'].sessions.$get());
      if (mine === reading) patch({ list, loading: false, error: null });
    } catch (cause) {
      if (mine === reading) patch({ loading: false, error: toAppError(cause).message });
    }
  }

  async function answer(id: string, send: () => Promise<Booking>, done: string): Promise<AnswerOutcome> {
    patch({ busyId: id });
    try {
      const booking = await send();
      notify(done, 'success');
      return { ok: true, booking };
    } catch (cause) {
      const error = toAppError(cause);
      return { ok: false, message: error.message, status: error.status };
    } finally {
      patch({ busyId: null });
      await refresh();
    }
  }

  const param = (id: string) => ({ param: { id } });
  return {
    hydrate,
    refresh,
    approve: (id: string) => answer(id, () => data(api['office-hours'].sessions[':id'].approve.$post(param(id))), 'Session confirmed'),
    decline: (id: string) => answer(id, () => data(api['office-hours'].sessions[':id'].decline.$post(param(id))), 'Request declined'),
    cancel: (id: string, reason: string) => answer(id, () => data(api['office-hours'].sessions[':id'].cancel.$post({ ...param(id), json: { reason } })), 'Session cancelled'),
    move: (id: string, start: string, reason: string) =>
      answer(id, () => data(api['office-hours'].sessions[':id'].reschedule.$post({ ...param(id), json: { start, reason } })), 'Session moved'),
    markNoShow: (id: string, reason: string) =>
      answer(id, () => data(api['office-hours'].sessions[':id']['no-show'].$post({ ...param(id), json: { reason } })), 'Marked as a no-show'),
  };
}

export const sessionsActions = createSessionsActions({ store: $sessions, api: sessionApi, notify: (message, kind) => toast(message, { kind }) });
