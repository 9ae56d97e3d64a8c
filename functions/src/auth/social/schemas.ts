/**
 * Wire shapes of social sign-in (`GET /auth/{provider}/token`, docs/product.md#accounts-and-sign-in) and of the
 * sign-in methods of an account.
 */
import { z } from '@hono/zod-openapi';
import { socialProviders } from '../../db/schema';
import { MemberTypeSchema } from '../../users/schemas';

export const ProviderParamSchema = z.object({
  provider: z.enum(socialProviders).openapi({ param: { name: 'provider', in: 'path' }, example: 'google' }),
});

const StateSchema = z.string().min(16).max(512);
const VerifierSchema = z
  .string()
  .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'must be a PKCE code verifier')
  .openapi({ description: 'The PKCE code verifier the start answered, kept by the edge in an HttpOnly cookie.' });

/** What the edge sends besides the provider's own redirect parameters. */
export const TokenQuerySchema = z
  .object({
    code: z.string().max(2048).optional().openapi({ description: "The provider's authorization code." }),
    state: z.string().max(512).optional().openapi({ description: 'The state the provider sent back.' }),
    error: z.string().max(256).optional().openapi({ description: "The provider's error, e.g. access_denied when consent was refused." }),
    expectedState: StateSchema.openapi({ description: 'The state the start answered, kept by the edge in an HttpOnly cookie.' }),
    codeVerifier: VerifierSchema,
    memberType: MemberTypeSchema.default('founder').openapi({ description: 'For a new member: founder (the default) or advisor.' }),
  })
  .openapi('SocialTokenQuery');

export const LinkBodySchema = z
  .object({
    callback: z.string().max(4096).openapi({ description: 'The query string the provider sent back (code, state, …)', example: 'code=abc&state=xyz' }),
    expectedState: StateSchema,
    codeVerifier: VerifierSchema,
  })
  .openapi('LinkProviderBody');

export const AuthorizationStartSchema = z
  .object({
    url: z.string().openapi({ description: "The provider's authorization address to send the member to." }),
    state: z.string(),
    codeVerifier: z.string(),
  })
  .openapi('SocialAuthorizationStart');

const ProviderSchema = z.object({ provider: z.enum(socialProviders), name: z.string().openapi({ example: 'Google' }) });

export const ProvidersSchema = z.object({ providers: z.array(ProviderSchema) }).openapi('SocialProviders');

export const SignInMethodsSchema = z
  .object({
    password: z.boolean().openapi({ description: 'Whether the account has a password.' }),
    linked: z.array(ProviderSchema.extend({ email: z.string().nullable(), createdAt: z.string() })),
    available: z.array(ProviderSchema).openapi({ description: 'The providers this deployment offers.' }),
  })
  .openapi('SignInMethods');
