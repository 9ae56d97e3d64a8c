import { describe, expect, test } from 'vitest';
import { sessionStub } from '../api/session-stub';
import { AppError } from '../errors';
import { advisorFormFrom, founderFormFrom } from '../profiles/form-model';
import { makeAdvisorDetails, makeFounderDetails } from '../profiles/test-profiles';
import { createProfileActions } from './profile';

function setup() {
  const { api, session } = sessionStub();
  return { session, actions: createProfileActions(api) };
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
