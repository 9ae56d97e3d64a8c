/**
 * `$auth`: the Auth state of SPEC.md §3 for islands, with its actions beside it.
 *
 * `authToken` is always null in the browser: the jwt lives only in the HttpOnly `token`
 * cookie (ARCHITECTURE.md "The session never reaches JavaScript"), and the session proxy
 * adds it to API calls at the edge. Islands know the member, never the token.
 */
import { map, type MapStore } from 'nanostores';
import type { Advisor, FounderProfile, User } from '@api/users/schemas';
import { browserAuthClient, type AuthClient } from '../api/client';
import { AppError, PASSWORD_REST_FAILED, TOKEN_NOT_FOUND, USER_NOT_FOUND, toAppError } from '../errors';
import { clearClientStorage } from '../storage';

export interface AuthState {
  /** True until the first answer about the member (SPEC.md §4: loading starts true). */
  loading: boolean;
  /** The member's founder profile (`user.profile`), null for advisors and visitors. */
  profile: FounderProfile | null;
  user: User | null;
  /** Always null here: the token is HttpOnly on purpose (see the module comment). */
  authToken: null;
  /** The nested founder object with its premium flag (`user.founder`). */
  founder: User['founder'];
  /** The advisor record (`user.advisor`), null for founders and visitors. */
  advisor: Advisor | null;
}

export const LOGGED_OUT: Readonly<AuthState> = { loading: false, profile: null, user: null, authToken: null, founder: null, advisor: null };
const INITIAL: AuthState = { ...LOGGED_OUT, loading: true };

export const $auth: MapStore<AuthState> = map<AuthState>({ ...INITIAL });

/** The state for a signed-in member. */
export function stateFor(user: User): AuthState {
  return { loading: false, profile: user.profile ?? null, user, authToken: null, founder: user.founder ?? null, advisor: user.advisor ?? null };
}

/**
 * Errors that mean there is no session any more: the login resolution's two (SPEC.md §8,
 * "auth cleared"), and a 401 to a call that used the session. A 401 to a login attempt is
 * only a wrong password: it is logged and nothing changes.
 */
function endsSession(error: AppError, usedSession: boolean): boolean {
  return error.message === TOKEN_NOT_FOUND || error.message === USER_NOT_FOUND || (usedSession && error.status === 401);
}

export interface AuthDeps {
  store: MapStore<AuthState>;
  client: AuthClient;
  clearStorage: () => void;
}

type Form = Record<string, unknown>;

/** The auth actions over a store, a client and the storage cleaner (tests inject fakes). */
export function createAuthActions({ store, client, clearStorage }: AuthDeps) {
  const setUser = (user: User) => store.set(stateFor(user));

  /** Logout or any auth failure: the state, session storage and local storage (except the feed posts). */
  function clearAuth(): void {
    store.set({ ...LOGGED_OUT });
    clearStorage();
  }

  /** Back to logged out; storage is emptied only when a member was signed in. */
  function endSession(): void {
    if (store.get().user !== null) clearAuth();
    else store.set({ ...LOGGED_OUT });
  }

  /** An auth call failed: log it, end the session when it is gone, and hand the error on. */
  function failed(action: string, cause: unknown, usedSession: boolean): never {
    const error = toAppError(cause);
    console.error(`auth: ${action} failed`, error);
    if (endsSession(error, usedSession)) endSession();
    else store.setKey('loading', false);
    throw error;
  }

  /** Signs in through an auth route answering `{ user }` (the edge kept the jwt). */
  async function signInWith(action: string, path: string, body: Form, usedSession = false): Promise<User> {
    try {
      const result = await client.session<{ user?: User }>(path, { method: 'POST', body });
      if (!result?.user?._id) throw new AppError(USER_NOT_FOUND, 400);
      setUser(result.user);
      return result.user;
    } catch (cause) {
      return failed(action, cause, usedSession);
    }
  }

  /** Starts from the member the server already resolved, so no extra request is needed. */
  function initAuth(userFromServer: User | null | undefined): void {
    if (userFromServer?._id) setUser(userFromServer);
    else store.set({ ...LOGGED_OUT });
  }

  /** GET auth/me: a user with an _id is set; anything else clears the state. */
  async function fetchAuth(): Promise<User | null> {
    try {
      const user = await client.session<User | null>('auth/me');
      if (user?._id) {
        setUser(user);
        return user;
      }
      endSession();
      return null;
    } catch (cause) {
      return failed('fetch', cause, true);
    }
  }

  /** SPEC.md §5: refused without any call (false) unless both consents are truthy. */
  async function register(form: Form): Promise<boolean> {
    if (!form.agreement || !form.subscription) return false;
    try {
      return await client.register({ ...form, agreement: true, subscription: true });
    } catch (cause) {
      throw toAppError(cause);
    }
  }

  /** Sends the reset request (type request); a request without an answer failed. Then re-fetches auth. */
  async function forgotPassword(form: Form): Promise<{ ok: boolean; message?: string }> {
    let result: { ok: boolean; message?: string } | null;
    try {
      result = await client.session('auth/reset-password', { method: 'POST', body: { ...form, type: 'request' } });
    } catch (cause) {
      throw toAppError(cause);
    }
    if (!result) throw new AppError(PASSWORD_REST_FAILED, 400);
    // The request itself succeeded; fetchAuth logs and settles the state on its own failure.
    await fetchAuth().catch(() => null);
    return result;
  }

  /** Sets a new password with the mailed code (type reset), signs in, then re-fetches auth. */
  async function resetPassword(form: Form): Promise<User> {
    const user = await signInWith('reset', 'auth/reset-password', { ...form, type: 'reset' });
    await fetchAuth().catch(() => null); // logged and settled inside fetchAuth
    return user;
  }

  /** POST /api/logout, then clear everything. A failure keeps the session and throws. */
  async function logout(): Promise<void> {
    try {
      await client.logout();
    } catch (cause) {
      throw toAppError(cause);
    }
    clearAuth();
  }

  return {
    initAuth,
    fetchAuth,
    login: (form: Form) => signInWith('login', 'auth/user-login', form),
    verifyEmail: (form: Form) => signInWith('verify', 'auth/verify-email', form),
    changePassword: (form: Form) => signInWith('change password', 'auth/change-password', form, true),
    register,
    forgotPassword,
    resetPassword,
    logout,
    clearAuth,
  };
}

/** The app's auth actions, on `$auth`, over fetch and the real storages. */
export const {
  initAuth,
  fetchAuth,
  login,
  verifyEmail,
  changePassword,
  register,
  forgotPassword,
  resetPassword,
  logout,
  clearAuth,
} = createAuthActions({ store: $auth, client: browserAuthClient, clearStorage: () => clearClientStorage() });
