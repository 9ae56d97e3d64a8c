import { atom } from 'nanostores';
import { describe, expect, test, vi } from 'vitest';
import { sessionStub } from '../api/session-stub';
import { AppError } from '../errors';
import type { BookingList } from '../office-hours/types';
import { createSessionsActions, type SessionsState } from './sessions';

const EMPTY_LIST: BookingList = { upcoming: [], toApprove: [], past: [] };

function setup() {
  const { api, session } = sessionStub();
  const store = atom<SessionsState>({ list: null, loading: false, error: null, busyId: null });
  const notify = vi.fn();
  return { session, store, notify, actions: createSessionsActions({ store, api, notify }) };
}

describe('$sessions', () => {
  test('approving a request sends it, says so and reads the list again', async () => {
    const { session, store, notify, actions } = setup();
    session.mockResolvedValueOnce({ _id: 'b1', status: 'confirmed' }).mockResolvedValueOnce(EMPTY_LIST);
    const outcome = await actions.approve('b1');
    expect(outcome.ok).toBe(true);
    expect(session).toHaveBeenNthCalledWith(1, 'office-hours/sessions/b1/approve', expect.objectContaining({ method: 'POST' }));
    expect(session).toHaveBeenNthCalledWith(2, 'office-hours/sessions');
    expect(notify).toHaveBeenCalledWith('Session confirmed', 'success');
    expect(store.get()).toMatchObject({ list: EMPTY_LIST, busyId: null, loading: false });
  });

  test('a cancel refused after the cut-off answers the server’s words for the dialog', async () => {
    const { session, notify, actions } = setup();
    session.mockRejectedValueOnce(new AppError('It is too close to the start to change this session', 409)).mockResolvedValueOnce(EMPTY_LIST);
    const outcome = await actions.cancel('b2', 'Travelling');
    expect(session).toHaveBeenNthCalledWith(1, 'office-hours/sessions/b2/cancel', expect.objectContaining({ method: 'POST', body: { reason: 'Travelling' } }));
    expect(outcome).toEqual({ ok: false, message: 'It is too close to the start to change this session', status: 409 });
    expect(notify).not.toHaveBeenCalled();
  });

  test('a failed reading keeps the list shown and says why', async () => {
    const { session, store, actions } = setup();
    actions.hydrate(EMPTY_LIST);
    session.mockRejectedValueOnce(new AppError('Service unavailable', 503));
    await actions.refresh();
    expect(store.get()).toMatchObject({ list: EMPTY_LIST, error: 'Service unavailable', loading: false });
  });

  test('only the newest of two readings is shown', async () => {
    const { session, store, actions } = setup();
    const older: BookingList = { ...EMPTY_LIST, past: [{ _id: 'old' } as BookingList['past'][number]] };
    let releaseOlder!: (value: unknown) => void;
    session.mockReturnValueOnce(new Promise((resolve) => (releaseOlder = resolve))).mockResolvedValueOnce(EMPTY_LIST);
    const first = actions.refresh();
    await actions.refresh();
    releaseOlder(older);
    await first;
    expect(store.get().list).toEqual(EMPTY_LIST);
  });

  test('moving a session sends the new start and reason, and a taken time answers its 409 words', async () => {
    const { session, notify, actions } = setup();
    session.mockRejectedValueOnce(new AppError('That time was just taken', 409)).mockResolvedValueOnce(EMPTY_LIST);
    const outcome = await actions.move('b3', '2026-12-01T10:00:00.000Z', 'A clash');
    expect(session).toHaveBeenNthCalledWith(
      1,
      'office-hours/sessions/b3/reschedule',
      expect.objectContaining({ method: 'POST', body: { start: '2026-12-01T10:00:00.000Z', reason: 'A clash' } }),
    );
    expect(outcome).toEqual({ ok: false, message: 'That time was just taken', status: 409 });
    expect(notify).not.toHaveBeenCalled();
  });

  test('marking a no-show sends the note and says so', async () => {
    const { session, notify, actions } = setup();
    session.mockResolvedValueOnce({ _id: 'b4', status: 'no_show' }).mockResolvedValueOnce(EMPTY_LIST);
    expect((await actions.markNoShow('b4', '')).ok).toBe(true);
    expect(session).toHaveBeenNthCalledWith(1, 'office-hours/sessions/b4/no-show', expect.objectContaining({ method: 'POST', body: { reason: '' } }));
    expect(notify).toHaveBeenCalledWith('Marked as a no-show', 'success');
  });
});
