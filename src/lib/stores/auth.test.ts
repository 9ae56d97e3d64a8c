import { map } from 'nanostores';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { AuthClient } from '../api/client';
import { AppError } from '../errors';
import { makeAdvisor, makeUser } from '../session/test-users';
import { $auth, LOGGED_OUT, createAuthActions, stateFor, type AuthState } from './auth';

function setup(initial: Partial<AuthState> = {}) {
  const store = map<AuthState>({ ...LOGGED_OUT, loading: true, ...initial });
  const client = { session: vi.fn(), register: vi.fn(), logout: vi.fn() };
  const clearStorage = vi.fn();
  const actions = createAuthActions({ store, client: client as unknown as AuthClient, clearStorage });
  return { store, client, clearStorage, actions };
}

const unauthorised = new AppError('Your session has expired. Please sign in again.', 401);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the initial state', () => {
  test('starts loading, with no user and no token', () => {
    expect($auth.get()).toEqual({ loading: true, profile: null, user: null, authToken: null, founder: null, advisor: null });
  });
});

describe('initAuth', () => {
  test('takes the member the server resolved without any request', () => {
    const { store, client, actions } = setup();
    const user = makeUser();
    actions.initAuth(user);
    expect(store.get()).toEqual(stateFor(user));
    expect(client.session).not.toHaveBeenCalled();
  });

  test('ends loading as logged out when the server saw a visitor', () => {
    const { store, actions } = setup();
    actions.initAuth(null);
    expect(store.get()).toEqual(LOGGED_OUT);
  });
});

describe('stateFor', () => {
  test('fills profile, founder and advisor from the user and never a token', () => {
    const advisor = makeAdvisor();
    expect(stateFor(advisor)).toEqual({ loading: false, profile: null, user: advisor, authToken: null, founder: null, advisor: advisor.advisor });
  });
});

describe('fetchAuth', () => {
  test('sets the user when auth/me answers one with an _id', async () => {
    const { store, client, actions } = setup();
    const user = makeUser();
    client.session.mockResolvedValue(user);
    expect(await actions.fetchAuth()).toEqual(user);
    expect(client.session).toHaveBeenCalledWith('auth/me');
    expect(store.get().user).toEqual(user);
    expect(store.get().loading).toBe(false);
  });

  test('clears the state when the answer has no _id', async () => {
    const { store, client, actions } = setup({ user: makeUser() });
    client.session.mockResolvedValue({ email: 'x' });
    expect(await actions.fetchAuth()).toBeNull();
    expect(store.get()).toEqual(LOGGED_OUT);
  });

  test('clears everything, storage included, when a signed-in member gets a 401', async () => {
    const { store, client, clearStorage, actions } = setup(stateFor(makeUser()));
    client.session.mockRejectedValue(unauthorised);
    await expect(actions.fetchAuth()).rejects.toBe(unauthorised);
    expect(store.get()).toEqual(LOGGED_OUT);
    expect(clearStorage).toHaveBeenCalledOnce();
  });

  test('leaves a visitor storage alone on a 401', async () => {
    const { store, client, clearStorage, actions } = setup();
    client.session.mockRejectedValue(unauthorised);
    await expect(actions.fetchAuth()).rejects.toThrow();
    expect(store.get()).toEqual(LOGGED_OUT);
    expect(clearStorage).not.toHaveBeenCalled();
  });

  test('keeps the member when the API is briefly unreachable, but stops loading', async () => {
    const user = makeUser();
    const { store, client, clearStorage, actions } = setup({ ...stateFor(user), loading: true });
    client.session.mockRejectedValue(new AppError('Something went to wrong', 502));
    await expect(actions.fetchAuth()).rejects.toMatchObject({ status: 502 });
    expect(store.get().user).toEqual(user);
    expect(store.get().loading).toBe(false);
    expect(clearStorage).not.toHaveBeenCalled();
  });
});

describe('login and verifyEmail', () => {
  test('store the user the edge answered', async () => {
    const { store, client, actions } = setup();
    const user = makeUser();
    client.session.mockResolvedValue({ user });
    expect(await actions.login({ email: 'a@b.c', password: 'pw' })).toEqual(user);
    expect(client.session).toHaveBeenCalledWith('auth/user-login', { method: 'POST', body: { email: 'a@b.c', password: 'pw' } });
    expect(store.get()).toEqual(stateFor(user));
    client.session.mockResolvedValue({ user });
    await actions.verifyEmail({ email: 'a@b.c', code: '123456' });
    expect(client.session).toHaveBeenLastCalledWith('auth/verify-email', { method: 'POST', body: { email: 'a@b.c', code: '123456' } });
  });

  test('only log a wrong password and store nothing', async () => {
    const { store, client, clearStorage, actions } = setup({ loading: false });
    client.session.mockRejectedValue(new AppError('Invalid email or password.', 401));
    await expect(actions.login({})).rejects.toMatchObject({ message: 'Invalid email or password.' });
    expect(console.error).toHaveBeenCalled();
    expect(store.get()).toEqual(LOGGED_OUT);
    expect(clearStorage).not.toHaveBeenCalled();
  });

  test('clear everything when the edge reports Token not found', async () => {
    const { store, client, clearStorage, actions } = setup(stateFor(makeUser()));
    client.session.mockRejectedValue(new AppError('Token not found', 400));
    await expect(actions.verifyEmail({})).rejects.toMatchObject({ message: 'Token not found' });
    expect(store.get()).toEqual(LOGGED_OUT);
    expect(clearStorage).toHaveBeenCalledOnce();
  });

  test('treat an answer without a user as User Account not found', async () => {
    const { client, actions } = setup();
    client.session.mockResolvedValue({});
    await expect(actions.login({})).rejects.toMatchObject({ message: 'User Account not found', status: 400 });
  });
});

describe('register', () => {
  test('returns false without any call unless both consents are truthy', async () => {
    const { client, actions } = setup();
    expect(await actions.register({ agreement: true, subscription: false })).toBe(false);
    expect(await actions.register({ agreement: 0, subscription: true })).toBe(false);
    expect(client.register).not.toHaveBeenCalled();
  });

  test('posts the fields and answers true on success', async () => {
    const { client, actions } = setup();
    client.register.mockResolvedValue(true);
    expect(await actions.register({ email: 'a@b.c', agreement: 'yes', subscription: 1 })).toBe(true);
    expect(client.register).toHaveBeenCalledWith({ email: 'a@b.c', agreement: true, subscription: true });
  });

  test('throws the server message and status when registration fails', async () => {
    const { client, actions } = setup();
    client.register.mockRejectedValue(new AppError('An account with this email already exists.', 409));
    await expect(actions.register({ agreement: true, subscription: true })).rejects.toMatchObject({ status: 409 });
  });
});

describe('forgotPassword and resetPassword', () => {
  test('sends a reset request with type request and then re-fetches auth', async () => {
    const { client, actions } = setup();
    client.session.mockResolvedValueOnce({ ok: true, message: 'sent' }).mockResolvedValueOnce(null);
    expect(await actions.forgotPassword({ email: 'a@b.c' })).toEqual({ ok: true, message: 'sent' });
    expect(client.session).toHaveBeenNthCalledWith(1, 'auth/reset-password', { method: 'POST', body: { email: 'a@b.c', type: 'request' } });
    expect(client.session).toHaveBeenNthCalledWith(2, 'auth/me');
  });

  test('fails with Password rest request failed. when the request answers no data', async () => {
    const { client, actions } = setup();
    client.session.mockResolvedValueOnce(null);
    await expect(actions.forgotPassword({ email: 'a@b.c' })).rejects.toMatchObject({ message: 'Password rest request failed.', status: 400 });
  });

  test('resets with type reset, stores the user and re-fetches auth', async () => {
    const { store, client, actions } = setup();
    const user = makeUser();
    client.session.mockResolvedValueOnce({ user }).mockResolvedValueOnce(user);
    await actions.resetPassword({ code: 'c', password: 'p', passwordConfirmation: 'p' });
    expect(client.session).toHaveBeenNthCalledWith(1, 'auth/reset-password', { method: 'POST', body: { code: 'c', password: 'p', passwordConfirmation: 'p', type: 'reset' } });
    expect(client.session).toHaveBeenNthCalledWith(2, 'auth/me');
    expect(store.get().user).toEqual(user);
  });
});

describe('changePassword', () => {
  test('ends the session when the API answers 401', async () => {
    const { store, client, clearStorage, actions } = setup(stateFor(makeUser()));
    client.session.mockRejectedValue(unauthorised);
    await expect(actions.changePassword({})).rejects.toBe(unauthorised);
    expect(store.get()).toEqual(LOGGED_OUT);
    expect(clearStorage).toHaveBeenCalledOnce();
  });
});

describe('logout and clearAuth', () => {
  test('logout posts to /api/logout and clears the state and storage', async () => {
    const { store, client, clearStorage, actions } = setup(stateFor(makeUser()));
    client.logout.mockResolvedValue(true);
    await actions.logout();
    expect(client.logout).toHaveBeenCalledOnce();
    expect(store.get()).toEqual(LOGGED_OUT);
    expect(clearStorage).toHaveBeenCalledOnce();
  });

  test('a failed logout keeps the member and throws the server error', async () => {
    const user = makeUser();
    const { store, client, clearStorage, actions } = setup(stateFor(user));
    client.logout.mockRejectedValue(new AppError('Cross-site requests are not allowed.', 403));
    await expect(actions.logout()).rejects.toMatchObject({ status: 403 });
    expect(store.get().user).toEqual(user);
    expect(clearStorage).not.toHaveBeenCalled();
  });

  test('clearAuth empties the state and the storage', () => {
    const { store, clearStorage, actions } = setup(stateFor(makeUser()));
    actions.clearAuth();
    expect(store.get()).toEqual(LOGGED_OUT);
    expect(clearStorage).toHaveBeenCalledOnce();
  });
});
