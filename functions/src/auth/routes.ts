/**
 * The auth routes of docs/product.md#accounts-and-sign-in: POST /users/register and the /auth/* family.
 * Handlers only translate HTTP to the service functions and back.
 */
import { createRoute } from '@hono/zod-openapi';
import { MEMBERS, routesFor } from '../session/guards';
import { clientIp } from '../http/client-ip';
import { newRouter } from '../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { AuthResultSchema, UserSchema } from '../users/schemas';
import { toWireUser } from '../users/wire';
import { AUTH_MESSAGES } from './messages';
import { requestPasswordReset, resetPassword } from './reset';
import {
  ChangePasswordBodySchema,
  EmailBodySchema,
  LoginBodySchema,
  MeQuerySchema,
  OkMessageSchema,
  RegisterBodySchema,
  RegisterResultSchema,
  ResetPasswordBodySchema,
  SignedOutSchema,
  SignOutEverywhereBodySchema,
  VerifyEmailBodySchema,
} from './schemas';
import { changePassword, login, register, resendVerification, verifyEmail } from './service';
import { signOut, signOutEverywhere } from './sign-out';
import { PUBLIC_SECURITY } from '../openapi/security';

const memberRoute = routesFor(MEMBERS);

/** Mounted at /users. */
export const userRoutes = newRouter().openapi(
  createRoute({
    method: 'post',
    path: '/register',
    security: PUBLIC_SECURITY,
    tags: ['Auth'],
    summary: 'Create an account',
    description:
      'Creates an unverified founder or advisor account and mails a 6-digit verification code (valid 10 minutes; `/auth/resend-verification` sends a new one). The consents to the Terms of Service, the Privacy Policy and (or not) the digest are recorded with their versions.',
    request: jsonBody(RegisterBodySchema),
    responses: {
      201: jsonResponse(RegisterResultSchema, 'Account created; the verification mail is on its way.'),
      ...errorResponses([...JSON_BODY_ERRORS, 409, 429], { 409: 'An account with this email already exists.' }),
    },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const user = await register(c.get('deps'), { ...body, digest: body.subscription, ip: clientIp((name) => c.req.header(name)) });
    return c.json({ message: AUTH_MESSAGES.registered, user }, 201);
  },
);

/** Mounted at /auth. */
export const authRoutes = newRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/user-login',
      security: PUBLIC_SECURITY,
      tags: ['Auth'],
      summary: 'Sign in with email and password',
      request: jsonBody(LoginBodySchema),
      responses: {
        200: jsonResponse(AuthResultSchema, 'Signed in: a session token (7 days) and the user.'),
        ...errorResponses(
          [...JSON_BODY_ERRORS, 401, 403, 429],
          {
            401: 'Invalid email or password (the same answer for an unknown email).',
            403: 'The email is not verified yet (`data.reason` is `email_not_verified`); a new code was mailed.',
          },
          [401, 403],
        ),
      },
    }),
    async (c) => c.json(await login(c.get('deps'), { ...c.req.valid('json'), ip: clientIp((name) => c.req.header(name)), userAgent: c.req.header('user-agent') }), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/verify-email',
      security: PUBLIC_SECURITY,
      tags: ['Auth'],
      summary: 'Confirm the email address with the mailed code',
      request: jsonBody(VerifyEmailBodySchema),
      responses: {
        200: jsonResponse(AuthResultSchema, 'Email verified and signed in.'),
        ...errorResponses([...JSON_BODY_ERRORS, 409, 429], {
          400: 'Invalid input, or a wrong, expired or used code (field `code`).',
          409: `${AUTH_MESSAGES.alreadyVerified} (field \`email\`): the address was verified before, so no code is needed.`,
        }),
      },
    }),
    async (c) => c.json(await verifyEmail(c.get('deps'), { ...c.req.valid('json'), userAgent: c.req.header('user-agent') }), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/resend-verification',
      security: PUBLIC_SECURITY,
      tags: ['Auth'],
      summary: 'Mail a new verification code',
      description: 'Answers the same whether or not the account exists or needs verifying; at most one mail a minute.',
      request: jsonBody(EmailBodySchema),
      responses: {
        200: jsonResponse(OkMessageSchema, 'Done (or nothing to do).'),
        ...errorResponses([...JSON_BODY_ERRORS, 429]),
      },
    }),
    async (c) => {
      await resendVerification(c.get('deps'), c.req.valid('json'));
      return c.json({ ok: true as const, message: AUTH_MESSAGES.resendSent }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reset-password',
      security: PUBLIC_SECURITY,
      tags: ['Auth'],
      summary: 'Ask for a reset link, or reset the password with it',
      description:
        '`type: "request"` mails a single-use link valid for 1 hour and answers the same whether or not the address has an account. ' +
        '`type: "reset"` sets the new password, verifies the email and signs out every other session.',
      request: jsonBody(ResetPasswordBodySchema),
      responses: {
        200: jsonResponse(OkMessageSchema.or(AuthResultSchema), 'For a request: ok and a message. For a reset: a session token and the user.'),
        ...errorResponses([...JSON_BODY_ERRORS, 429], { 400: 'Invalid input, passwords that differ, or a bad code (field `code`).' }),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const ip = clientIp((name) => c.req.header(name));
      if (body.type === 'reset') return c.json(await resetPassword(c.get('deps'), { ...body, ip, userAgent: c.req.header('user-agent') }), 200);
      await requestPasswordReset(c.get('deps'), { email: body.email, ip });
      return c.json({ ok: true as const, message: AUTH_MESSAGES.resetRequested }, 200);
    },
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/change-password',
      tags: ['Auth'],
      summary: 'Change the password of the signed-in member',
      description: 'Answers a new token: every other session is signed out.',
      request: jsonBody(ChangePasswordBodySchema),
      responses: {
        200: jsonResponse(AuthResultSchema, 'Password changed; a new session token.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 429], { 400: 'Invalid input, a wrong current password, or a new password equal to it.' }),
      },
    }),
    async (c) => c.json(await changePassword(c.get('deps'), c.get('account'), c.get('session').id, c.req.valid('json')), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/logout',
      tags: ['Auth'],
      summary: 'Sign out this session',
      description: "Ends the caller's session on the server: its token, and every copy of it, is refused from now on, and the live sockets it opened are closed.",
      responses: {
        200: jsonResponse(SignedOutSchema, 'Signed out.'),
        ...errorResponses([401]),
      },
    }),
    async (c) => {
      await signOut(c.get('deps'), c.get('account').user.id, c.get('session').id);
      return c.json({ ok: true as const, message: AUTH_MESSAGES.signedOut }, 200);
    },
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/logout-all',
      tags: ['Auth'],
      summary: 'Sign out everywhere',
      description:
        'Ends every session of the signed-in member, on every device and this one, once they give their current password again: all their tokens are refused from now on and all their live sockets are closed.',
      request: jsonBody(SignOutEverywhereBodySchema),
      responses: {
        200: jsonResponse(SignedOutSchema, 'Signed out on every device.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 429], { 400: 'The password is missing or incorrect (`password: is incorrect`).' }),
      },
    }),
    async (c) => {
      await signOutEverywhere(c.get('deps'), c.get('account'), c.req.valid('json').password);
      return c.json({ ok: true as const, message: AUTH_MESSAGES.signedOutEverywhere }, 200);
    },
  )
  .openapi(
    memberRoute({
      method: 'get',
      path: '/me',
      tags: ['Auth'],
      summary: 'The signed-in user',
      request: { query: MeQuerySchema },
      responses: {
        200: jsonResponse(UserSchema, 'The user with its founder profile or advisor record.'),
        ...errorResponses([400, 401]),
      },
    }),
    (c) => c.json(toWireUser(c.get('account')), 200),
  );
