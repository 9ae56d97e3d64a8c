import type { Privacy } from '@api/profiles/schemas';
import { atom } from 'nanostores';
import { describe, expect, test, vi } from 'vitest';
import { sessionStub } from '../api/session-stub';
import { AppError } from '../errors';
import { createPrivacyActions } from './privacy';

function setup() {
  const { api, session } = sessionStub();
  const store = atom<Privacy>({ searchIndexing: true, privateBrowsing: false, phone: null });
  const notify = vi.fn();
  const actions = createPrivacyActions({ store, api, notify });
  return { session, privacy: store, notify, actions };
}

/** A promise the test settles by hand, to look at the state while a request is on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('$privacy', () => {
  test('a switch turns at once and the server’s answer confirms it', async () => {
    const { session, privacy, actions } = setup();
    const answer = deferred<unknown>();
    session.mockReturnValueOnce(answer.promise);
    const saving = actions.choose('privateBrowsing', true);
    expect(privacy.get().privateBrowsing).toBe(true);
    expect(session).toHaveBeenCalledWith('profile/privacy', { method: 'PATCH', body: { privateBrowsing: true } });
    answer.resolve({ searchIndexing: true, privateBrowsing: true, phone: null });
    expect(await saving).toBe('saved');
    expect(privacy.get()).toEqual({ searchIndexing: true, privateBrowsing: true, phone: null });
  });

  test('a refused switch goes back and the toast says why', async () => {
    const { session, privacy, notify, actions } = setup();
    session.mockRejectedValueOnce(new AppError('Too many requests', 429));
    expect(await actions.choose('searchIndexing', false)).toBe('refused');
    expect(privacy.get().searchIndexing).toBe(true);
    expect(notify).toHaveBeenCalledWith('Your choice was not saved: Too many requests', 'error');
  });

  test('an older answer never overrides a newer click on the same switch', async () => {
    const { session, privacy, notify, actions } = setup();
    const first = deferred<unknown>();
    session.mockReturnValueOnce(first.promise).mockResolvedValueOnce({ searchIndexing: true, privateBrowsing: false, phone: null });
    const older = actions.choose('searchIndexing', false);
    expect(await actions.choose('searchIndexing', true)).toBe('saved');
    first.reject(new AppError('Something went to wrong', 500));
    expect(await older).toBe('stale');
    expect(privacy.get().searchIndexing).toBe(true);
    expect(notify).not.toHaveBeenCalled();
  });

  test('starts from the choices the page rendered', () => {
    const { privacy, actions } = setup();
    actions.hydrate({ searchIndexing: false, privateBrowsing: true, phone: '+442079460958' });
    expect(privacy.get()).toEqual({ searchIndexing: false, privateBrowsing: true, phone: '+442079460958' });
  });
});

describe('the phone number', () => {
  test('is sent as typed, and the stored E.164 number comes back into the store', async () => {
    const { session, privacy, actions } = setup();
    session.mockResolvedValueOnce({ searchIndexing: true, privateBrowsing: false, phone: '+442079460958' });
    expect(await actions.savePhone('  +44 20 7946 0958 ')).toEqual({ saved: true, phone: '+442079460958' });
    expect(session).toHaveBeenCalledWith('profile/privacy', { method: 'PATCH', body: { phone: '+44 20 7946 0958' } });
    expect(privacy.get().phone).toBe('+442079460958');
  });

  test('left blank, is removed', async () => {
    const { session, privacy, actions } = setup();
    privacy.set({ ...privacy.get(), phone: '+442079460958' });
    session.mockResolvedValueOnce({ searchIndexing: true, privateBrowsing: false, phone: null });
    expect(await actions.savePhone('   ')).toEqual({ saved: true, phone: null });
    expect(session).toHaveBeenCalledWith('profile/privacy', { method: 'PATCH', body: { phone: null } });
    expect(privacy.get().phone).toBeNull();
  });

  test('refused, gives the sentence for its field and keeps the stored number', async () => {
    const { session, privacy, notify, actions } = setup();
    privacy.set({ ...privacy.get(), phone: '+442079460958' });
    session.mockRejectedValueOnce(new AppError('phone: must be a valid number with its country code', 400, { fields: { phone: 'must be a valid number with its country code' } }));
    expect(await actions.savePhone('020 7946 0958')).toEqual({ saved: false, error: 'Phone number must be a valid number with its country code.' });
    expect(privacy.get().phone).toBe('+442079460958');
    expect(notify).not.toHaveBeenCalled();
  });

  test('refused for another reason, gives the server’s words', async () => {
    const { session, actions } = setup();
    session.mockRejectedValueOnce(new AppError('Too many requests', 429));
    expect(await actions.savePhone('+44 20 7946 0958')).toEqual({ saved: false, error: 'Too many requests' });
  });
});
