/**
 * Request and response bodies of the auth routes (docs/product.md#accounts-and-sign-in).
 */
import { z } from '@hono/zod-openapi';
import { INVITATION_TOKEN_PATTERN } from '../invitations/tokens';
import { PROFILE_LIMITS } from '../shared/profile-vocabulary';
import { MemberTypeSchema, UserSchema } from '../users/schemas';
import { AUTH_MESSAGES } from './messages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password';

/** An email address, trimmed and lowercased before it is checked. */
export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email()).openapi({ type: 'string', format: 'email', example: 'ada@example.com' });

/** A new password: OWASP length rules, no composition rules; the service also refuses common passwords. */
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  .openapi({ description: `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters, not the email address, not a common or leaked password.`, example: 'correct horse battery' });

/** A password being checked, not set: any non-empty text up to the maximum. */
const PasswordSchema = z.string().min(1).max(PASSWORD_MAX_LENGTH).openapi({ example: 'correct horse battery' });

// The profile's own limit, so a name accepted at registration is one settings can save again.
const NameSchema = z.string().trim().min(1).max(PROFILE_LIMITS.nameMax);

const confirmationMatches = (body: { password: string; passwordConfirmation: string }) => body.password === body.passwordConfirmation;
const confirmationIssue = { message: 'must match the password', path: ['passwordConfirmation'] };

export const RegisterBodySchema = z
  .object({
    firstName: NameSchema.openapi({ example: 'Ada' }),
    lastName: NameSchema.openapi({ example: 'Lovelace' }),
    email: EmailSchema,
    password: NewPasswordSchema,
    memberType: MemberTypeSchema,
    agreement: z
      .literal(true)
      .openapi({ description: 'The Terms of Service and the Privacy Policy (`/terms`, `/privacy`) were accepted; must be true. Recorded with their versions.' }),
    subscription: z
      .boolean()
      .default(false)
      .openapi({ description: 'Opt-in to the digest mail; optional and off unless true (changeable in the notification settings). Recorded either way.' }),
    invitation: z
      .string()
      .regex(INVITATION_TOKEN_PATTERN, 'must be an invitation token')
      .optional()
      .openapi({ description: 'The token of the invitation link the person came through (`/join/<token>`): its inviter sees who joined. An expired or used one changes nothing.' }),
  })
  .openapi('RegisterBody');

export const RegisterResultSchema = z.object({ message: z.string().openapi({ example: AUTH_MESSAGES.registered }), user: UserSchema }).openapi('RegisterResult');

export const LoginBodySchema = z.object({ email: EmailSchema, password: PasswordSchema }).openapi('LoginBody');

export const VerifyEmailBodySchema = z
  .object({
    email: EmailSchema,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'must be the 6-digit code from the email')
      .openapi({ example: '042917' }),
  })
  .openapi('VerifyEmailBody');

export const EmailBodySchema = z.object({ email: EmailSchema }).openapi('EmailBody');

export const OkMessageSchema = z
  .object({ ok: z.literal(true), message: z.string() })
  .openapi('OkMessage', { description: 'The same answer whether or not the address has an account.' });

export const SignOutEverywhereBodySchema = z
  .object({ password: PasswordSchema.openapi({ description: 'The current password: ending every session asks for it again (ASVS 3.3.4).' }) })
  .openapi('SignOutEverywhereBody');

/** One of the member's live sessions (GET /auth/sessions). */
export const SessionSchema = z
  .object({
    _id: z.string().openapi({ example: '65f1c0ffee0123456789abcd' }),
    device: z.string().openapi({ description: 'Browser and system, read from the User-Agent sent at sign-in.', example: 'Firefox on Windows' }),
    createdAt: z.string().openapi({ description: 'When the member signed in (ISO 8601).' }),
    lastSeenAt: z.string().nullable().openapi({ description: 'When the session was last used, to within five minutes (ISO 8601).' }),
    current: z.boolean().openapi({ description: 'Whether this is the session of the token asking.' }),
  })
  .openapi('Session');

export const SessionListSchema = z.object({ sessions: z.array(SessionSchema) }).openapi('SessionList');

export const SignedOutSchema = z
  .object({ ok: z.literal(true), message: z.string() })
  .openapi('SignedOut', { description: 'The session (or every session) has ended: its token is refused from now on and its live sockets are closed.' });

const ResetRequestSchema = z.object({ type: z.literal('request'), email: EmailSchema }).openapi('PasswordResetRequest', { description: 'Mail me a reset link.' });

const ResetWithCodeSchema = z
  .object({
    type: z.literal('reset'),
    code: z.string().trim().min(1).max(256).openapi({ description: 'The code from the reset link.' }),
    password: NewPasswordSchema,
    passwordConfirmation: z.string(),
  })
  .refine(confirmationMatches, confirmationIssue)
  .openapi('PasswordReset', { description: 'Set a new password with the code from the link.' });

export const ResetPasswordBodySchema = z.discriminatedUnion('type', [ResetRequestSchema, ResetWithCodeSchema]).openapi('ResetPasswordBody');

export const ChangePasswordBodySchema = z
  .object({ currentPassword: PasswordSchema, password: NewPasswordSchema, passwordConfirmation: z.string() })
  .refine(confirmationMatches, confirmationIssue)
  .openapi('ChangePasswordBody');

export const MeQuerySchema = z.object({
  profileQuery: z.enum(['advisor', 'founder']).optional().openapi({ description: 'Which profile the client expects; the user always carries its own founder or advisor record.' }),
});
