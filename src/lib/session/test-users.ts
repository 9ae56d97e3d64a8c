/** Users shaped like the API's answers, for unit tests of the session and store modules. */
import type { User } from '@api/users/schemas';

/** A verified founder member; pass fields to change. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u_founder',
    email: 'demo@foundermesh.dev',
    phone: null,
    firstName: 'Dana',
    lastName: 'Demo',
    memberType: 'founder',
    userRole: 'member',
    role: { type: 'free' },
    onboarded: false,
    emailVerified: true,
    refreshToken: null,
    profile: null,
    advisor: null,
    founder: { premium: false },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An advisor member (carries an advisor record). */
export function makeAdvisor(overrides: Partial<User> = {}): User {
  return makeUser({
    _id: 'u_advisor',
    memberType: 'advisor',
    founder: null,
    advisor: { _id: 'a1', name: 'Ada Advisor', position: 'Partner', slug: 'ada', profilePicture: null, profileBanner: null },
    ...overrides,
  });
}
