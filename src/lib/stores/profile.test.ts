import type { Privacy } from '@api/profiles/schemas';
import { atom } from 'nanostores';
import { describe, expect, test, vi } from 'vitest';
import { sessionStub } from '../api/session-stub';
import { AppError } from '../errors';
import { advisorFormFrom, founderFormFrom } from '../profiles/form-model';
import { makeAdvisorDetails, makeFounderDetails } from '../profiles/test-profiles';
import { createProfileActions } from './profile';

function setup() {
  const { api, session } = sessionStub();
  const privacy = atom<Privacy>({ searchIndexing: true, privateBrowsing: false });
  const notify = vi.fn();
  const actions = createProfileActions({ api, privacy, notify });
  return { session, privacy, notify, actions };
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

describe('the onboarding draft', () => {
  test('is kept with PUT onboarding', async () => {
    const { session, actions } = setup();
    session.mockResolvedValueOnce({ step: 2 });
    await actions.saveDraft({ step: 2, data: { firstName: 'Ada' } });
    expect(session).toHaveBeenCalledWith('onboarding', { method: 'PUT', body: { step: 2, data: { firstName: 'Ada' } } });
  });

  test('is refused before sending when it is larger than the API keeps', async () => {
    const { session, actions } = setup();
    await expect(actions.saveDraft({ step: 0, data: { bio: 'x'.repeat(20_000) } })).rejects.toThrow('larger than the API keeps');
    expect(session).not.toHaveBeenCalled();
  });
});

describe('the profile form', () => {
  test('completes onboarding at the member type’s route and answers the saved profile', async () => {
    const { session, actions } = setup();
    const profile = makeFounderDetails();
    session.mockResolvedValueOnce({ user: {}, profile });
    expect(await actions.submitProfile(founderFormFrom(profile), 'onboarding')).toEqual(profile);
    const [path, request] = session.mock.calls[0]!;
    expect(path).toBe('founder/onboarding');
    expect(request?.method).toBe('POST');
    expect(request?.body).toBeInstanceOf(FormData);
  });

  test('saves the settings with PUT <type>/profile and throws a refusal back for the form', async () => {
    const { session, actions } = setup();
    session.mockRejectedValueOnce(new AppError('Validation failed.', 400, { fields: { name: 'name: required' } }));
    await expect(actions.submitProfile(advisorFormFrom(makeAdvisorDetails()), 'edit')).rejects.toMatchObject({ status: 400, data: { fields: { name: 'name: required' } } });
    expect(session.mock.calls[0]![0]).toBe('advisor/profile');
    expect(session.mock.calls[0]![1]?.method).toBe('PUT');
  });
});

describe('city search', () => {
  test('asks GET cities with the words and the limit and answers the cities', async () => {
    const { session, actions } = setup();
    const lagos = { id: 1, name: 'Lagos', countryCode: 'NG', countryName: 'Nigeria', population: 1, label: 'Lagos, Nigeria' };
    session.mockResolvedValueOnce({ data: [lagos] });
    expect(await actions.searchCities('lag', 8, new AbortController().signal)).toEqual([lagos]);
    expect(session).toHaveBeenCalledWith('cities?search=lag&limit=8');
  });
});

describe('$privacy', () => {
  test('a switch turns at once and the server’s answer confirms it', async () => {
    const { session, privacy, actions } = setup();
    const answer = deferred<unknown>();
    session.mockReturnValueOnce(answer.promise);
    const saving = actions.setPrivacy('privateBrowsing', true);
    expect(privacy.get().privateBrowsing).toBe(true);
    expect(session).toHaveBeenCalledWith('profile/privacy', { method: 'PATCH', body: { privateBrowsing: true } });
    answer.resolve({ searchIndexing: true, privateBrowsing: true });
    expect(await saving).toBe('saved');
    expect(privacy.get()).toEqual({ searchIndexing: true, privateBrowsing: true });
  });

  test('a refused switch goes back and the toast says why', async () => {
    const { session, privacy, notify, actions } = setup();
    session.mockRejectedValueOnce(new AppError('Too many requests', 429));
    expect(await actions.setPrivacy('searchIndexing', false)).toBe('refused');
    expect(privacy.get().searchIndexing).toBe(true);
    expect(notify).toHaveBeenCalledWith('Your choice was not saved: Too many requests', 'error');
  });

  test('an older answer never overrides a newer click on the same switch', async () => {
    const { session, privacy, notify, actions } = setup();
    const first = deferred<unknown>();
    session.mockReturnValueOnce(first.promise).mockResolvedValueOnce({ searchIndexing: true, privateBrowsing: false });
    const older = actions.setPrivacy('searchIndexing', false);
    expect(await actions.setPrivacy('searchIndexing', true)).toBe('saved');
    first.reject(new AppError('Something went to wrong', 500));
    expect(await older).toBe('stale');
    expect(privacy.get().searchIndexing).toBe(true);
    expect(notify).not.toHaveBeenCalled();
  });

  test('starts from the choices the page rendered', () => {
    const { privacy, actions } = setup();
    actions.hydratePrivacy({ searchIndexing: false, privateBrowsing: true });
    expect(privacy.get()).toEqual({ searchIndexing: false, privateBrowsing: true });
  });
});
