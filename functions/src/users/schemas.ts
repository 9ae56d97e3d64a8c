import { z } from '@hono/zod-openapi';

/** A picture or banner reference as docs/product.md#profiles names it (`profilePicture.url`). */
export const MediaRefSchema = z.object({ url: z.string() }).openapi('MediaRef');

/** Founder profile, docs/product.md#profiles. */
export const FounderProfileSchema = z
  .object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    tagline: z.string().nullable(),
    slug: z.string(),
    profilePicture: MediaRefSchema.nullable(),
    profileBanner: MediaRefSchema.nullable(),
  })
  .openapi('FounderProfile');

/** Advisor record, docs/product.md#profiles. */
export const AdvisorSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    position: z.string().nullable(),
    slug: z.string(),
    profilePicture: MediaRefSchema.nullable(),
    profileBanner: MediaRefSchema.nullable(),
  })
  .openapi('Advisor');

export const MemberTypeSchema = z.enum(['founder', 'advisor']);
export const UserRoleSchema = z.enum(['member', 'admin']);
export const RoleTypeSchema = z.enum(['free', 'premium']);

/** The User of docs/product.md#accounts-and-sign-in, as `/auth/me` and the login responses answer it. */
export const UserSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    memberType: MemberTypeSchema,
    /** `admin` marks an administrator (docs/product.md#roles). */
    userRole: UserRoleSchema,
    /** `premium` marks a premium member (docs/product.md#roles). */
    role: z.object({ type: RoleTypeSchema }),
    onboarded: z.boolean(),
    emailVerified: z.boolean(),
    /** Kept for the spec's clients; sessions are single JWTs, so always null. */
    refreshToken: z.null(),
    /** The founder profile; null for advisors. */
    profile: FounderProfileSchema.nullable(),
    /** The advisor record; null for founders. Its presence is what sets the isAdvisor cookie. */
    advisor: AdvisorSchema.nullable(),
    /** The nested founder object with its premium flag; null for advisors. */
    founder: z.object({ premium: z.boolean() }).nullable(),
    createdAt: z.string(),
  })
  .openapi('User');

/** What login, verify-email, reset-password (type reset) and change-password answer. */
export const AuthResultSchema = z.object({ jwt: z.string(), user: UserSchema }).openapi('AuthResult');

export type MediaRef = z.infer<typeof MediaRefSchema>;
export type FounderProfile = z.infer<typeof FounderProfileSchema>;
export type Advisor = z.infer<typeof AdvisorSchema>;
export type MemberType = z.infer<typeof MemberTypeSchema>;
export type User = z.infer<typeof UserSchema>;
export type AuthResult = z.infer<typeof AuthResultSchema>;
