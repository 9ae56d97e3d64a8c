/**
 * The words of the auth routes, in one place for the service, the routes and the tests.
 */
export const AUTH_MESSAGES = {
  registered: 'Account created. Check your email for the verification code.',
  emailTaken: 'An account with this email already exists.',
  invalidCredentials: 'Invalid email or password.',
  emailNotVerified: 'Please verify your email address first. We have sent you a new code.',
  invalidCode: 'This code is invalid or has expired.',
  alreadyVerified: 'This email address is already verified. Sign in to continue.',
  resendSent: 'If that account needs verifying, we have sent a new code.',
  resetRequested: 'If an account exists for that address, we have sent a password reset link.',
  signedOut: 'Signed out.',
  signedOutEverywhere: 'Signed out on every device.',
} as const;
