/**
 * Social sign-in routes, mounted at /auth: which providers are on, the start of a provider's
 * flow, `GET /auth/{provider}/token` (docs/product.md#accounts-and-sign-in) that finishes it, and the member's sign-in
 * methods (list, link, unlink). The edge (src/pages/auth/…) keeps the state and the PKCE
 * verifier in HttpOnly cookies between the start and the provider's redirect back.
 */
import { createRoute } from '@hono/zod-openapi';
import { clientIp } from '../../http/client-ip';
import { newRouter } from '../../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../../openapi/responses';
import { MEMBERS, routesFor } from '../../session/guards';
import { AuthResultSchema } from '../../users/schemas';
import { PROVIDER_LABELS } from './config';
import { AuthorizationStartSchema, LinkBodySchema, ProviderParamSchema, ProvidersSchema, SignInMethodsSchema, TokenQuerySchema } from './schemas';
import { finishSocialSignIn, linkProvider, listSignInMethods, startSocialSignIn, unlinkProvider } from './service';
import { PUBLIC_SECURITY } from '../../openapi/security';

const memberRoute = routesFor(MEMBERS);

/** Our own fields of the token query; everything else is the provider's redirect. */
const EDGE_FIELDS = new Set(['expectedState', 'codeVerifier', 'memberType']);

/** The provider's redirect parameters from the request's query, without the edge's own. */
function providerCallback(url: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new URL(url).searchParams) if (!EDGE_FIELDS.has(name)) params.append(name, value);
  return params;
}

const FAILED = 'Social login failed: `data.reason` is access_denied (consent refused), state_mismatch, email_not_verified, identity_taken or provider_error.';

export const socialRoutes = newRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/providers',
      security: PUBLIC_SECURITY,
      tags: ['Auth'],
      summary: 'The sign-in providers this deployment offers',
      description: 'Public: the app shows a provider button only for these.',
      responses: { 200: jsonResponse(ProvidersSchema, 'The configured providers.'), ...errorResponses([]) },
    }),
    (c) => c.json({ providers: c.get('deps').social.enabled.map((provider) => ({ provider, name: PROVIDER_LABELS[provider] })) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{provider}/authorize',
      security: PUBLIC_SECURITY,
      tags: ['Auth'],
      summary: "Start a provider's sign-in",
      description:
        "Public. Answers the provider's authorization address (code flow, `state`, PKCE S256) and the state and code verifier the caller keeps until the provider sends the member back to `<app>/auth/{provider}/callback`.",
      request: { params: ProviderParamSchema },
      responses: {
        200: jsonResponse(AuthorizationStartSchema, 'Where to send the member, and what to keep.'),
        ...errorResponses([400, 404], { 404: 'This provider is not configured here.' }),
      },
    }),
    async (c) => c.json(await startSocialSignIn(c.get('deps'), c.req.valid('param').provider), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{provider}/token',
      security: PUBLIC_SECURITY,
      tags: ['Auth'],
      summary: 'Finish a provider sign-in',
      description:
        "Public. The query is the provider's redirect (`code`, `state`, or `error`) plus the `expectedState` and `codeVerifier` kept since the start. Checks the state, redeems the code with the verifier, reads the identity and signs the member in by the linking rules (docs/security.md): a known identity; a verified member with the provider's verified address; or a new verified member, not yet onboarded.",
      request: { params: ProviderParamSchema, query: TokenQuerySchema },
      responses: {
        200: jsonResponse(AuthResultSchema, 'Signed in: a session token (7 days) and the user.'),
        ...errorResponses([400, 403, 404, 409, 429], {
          400: FAILED,
          403: 'Social login failed: the provider vouches for no verified address (`email_not_verified`).',
          409: FAILED,
        }),
      },
    }),
    async (c) => {
      const { provider } = c.req.valid('param');
      const query = c.req.valid('query');
      const result = await finishSocialSignIn(c.get('deps'), provider, {
        callback: providerCallback(c.req.url),
        expectedState: query.expectedState,
        codeVerifier: query.codeVerifier,
        memberType: query.memberType,
        ip: clientIp((name) => c.req.header(name)),
        userAgent: c.req.header('user-agent'),
        media: c.env.MEDIA,
      });
      return c.json(result, 200);
    },
  )
  .openapi(
    memberRoute({
      method: 'get',
      path: '/sign-in-methods',
      tags: ['Auth'],
      summary: 'Your sign-in methods',
      description: 'Whether the signed-in member has a password, the providers linked to the account, and the providers on offer.',
      responses: { 200: jsonResponse(SignInMethodsSchema, 'The sign-in methods.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await listSignInMethods(c.get('deps'), c.get('account')), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/sign-in-methods/{provider}',
      tags: ['Auth'],
      summary: 'Link a provider to your account',
      description: "After the provider's flow started with the link intent: checks the state and PKCE, reads the identity and links it to the signed-in member.",
      request: { params: ProviderParamSchema, ...jsonBody(LinkBodySchema) },
      responses: {
        200: jsonResponse(SignInMethodsSchema, 'Linked; the sign-in methods now.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 404, 409], { 409: 'That provider account signs in another member, or another account of this provider is linked already.' }),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const input = { callback: new URLSearchParams(body.callback), expectedState: body.expectedState, codeVerifier: body.codeVerifier };
      return c.json(await linkProvider(c.get('deps'), c.get('account'), c.req.valid('param').provider, input), 200);
    },
  )
  .openapi(
    memberRoute({
      method: 'delete',
      path: '/sign-in-methods/{provider}',
      tags: ['Auth'],
      summary: 'Unlink a provider',
      description: 'Refused with 409 (`data.reason` last_sign_in_method) when it is the only way left to sign in.',
      request: { params: ProviderParamSchema },
      responses: {
        200: jsonResponse(SignInMethodsSchema, 'Unlinked; the sign-in methods now.'),
        ...errorResponses([400, 401, 404, 409], { 404: 'That provider is not linked.', 409: 'It is the last way to sign in.' }),
      },
    }),
    async (c) => c.json(await unlinkProvider(c.get('deps'), c.get('account'), c.req.valid('param').provider), 200),
  );
