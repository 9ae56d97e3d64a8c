/**
 * POST /dev/members (inside the development-only /dev router, so outside development it
 * answers like an unknown route): the member factory of member-factory.ts. The browser tests'
 * fixture (tests/e2e/support.ts) makes its members here and puts the session in the cookies.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { invalidFields, type FieldErrors } from '../errors';
import { newRouter } from '../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { PUBLIC_SECURITY } from '../openapi/security';
import { advisorFormSchema, founderFormSchema } from '../profiles/openapi';
import { PROFILE_LIMITS } from '../shared/profile-vocabulary';
import { MemberTypeSchema, UserSchema } from '../users/schemas';
import { FACTORY_PASSWORD, makeMember, randomPart, type MakeMemberInput } from './member-factory';

const name = z.string().trim().min(1).max(PROFILE_LIMITS.nameMax);
const formValue = z.union([z.string().max(10_000), z.array(z.string().max(200)).max(50)]);

const MakeMemberSchema = z
  .object({
    memberType: MemberTypeSchema.default('founder'),
    firstName: name.default('Test').openapi({ description: 'Also the start of the made address when none is given.' }),
    lastName: name.optional().openapi({ description: 'Default: "Member" and a random part, so no two made members share a name.' }),
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional().openapi({ description: 'Default: a fresh address at example.com.' }),
    password: z.string().min(8).max(128).default(FACTORY_PASSWORD),
    onboarded: z.boolean().default(true).openapi({ description: 'false: verified, but onboarding still ahead (`profile` is then ignored).' }),
    profile: z
      .record(z.string(), formValue)
      .default({})
      .openapi({ description: 'Onboarding form fields beyond the names (lists as arrays, JSON fields as text); the required ones get defaults. Checked like the form.' }),
    premium: z.boolean().default(false).openapi({ description: 'Premium by an admin grant.' }),
    admin: z.boolean().default(false),
    digest: z.boolean().default(true).openapi({ description: 'The digest consent of registration.' }),
    connectedTo: z.array(z.string().min(1).max(64)).max(20).default([]).openapi({ description: 'Members (ids) the new member is connected with (accepted).' }),
  })
  .openapi('MakeMemberBody');

type MakeMemberBody = z.output<typeof MakeMemberSchema>;

/** What onboarding requires, filled in when the call leaves it out. */
function requiredFields(body: MakeMemberBody, lastName: string): Record<string, string | string[]> {
  return body.memberType === 'founder'
    ? { firstName: body.firstName, lastName, technical: 'true', skills: ['engineering'], commitment: 'full-time', ideaStage: 'idea' }
    : { name: `${body.firstName} ${lastName}`, expertise: ['fundraising'], helpTypes: ['mentoring'] };
}

/** The traits with their defaults, the profile checked like the onboarding form: a 400 names each field as `profile.<field>`. */
async function traitsOf(body: MakeMemberBody): Promise<MakeMemberInput> {
  const { profile, onboarded, ...traits } = body;
  const lastName = body.lastName ?? `Member${randomPart()}`;
  if (!onboarded) return { ...traits, lastName, form: null };
  const schema = body.memberType === 'founder' ? founderFormSchema : advisorFormSchema;
  const parsed = await schema.safeParseAsync({ ...requiredFields(body, lastName), ...profile });
  if (parsed.success) return { ...traits, lastName, form: parsed.data };
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues) fields[['profile', ...issue.path].join('.')] ??= issue.message;
  throw invalidFields(fields);
}

const MadeMemberSchema = z
  .object({
    jwt: z.string().openapi({ description: 'A session token of the new member (a session like a sign-in opens).' }),
    user: UserSchema,
    email: z.string(),
    password: z.string(),
    slug: z.string().openapi({ description: "The profile's address." }),
  })
  .openapi('MadeMember');

/** Mounted at /dev/members. */
export const devMemberRoutes = newRouter().openapi(
  createRoute({
    method: 'post',
    path: '/',
    security: PUBLIC_SECURITY,
    summary: 'Make a verified member with chosen traits, signed in',
    tags: ['Development'],
    description:
      'Development only (ENVIRONMENT=development); 404 elsewhere. Onboarded unless asked otherwise, with the profile fields given (checked like the onboarding form), Premium, admin and connections as asked.',
    request: jsonBody(MakeMemberSchema),
    responses: {
      201: jsonResponse(MadeMemberSchema, 'The member, their credentials and a session token.'),
      ...errorResponses(
        [...JSON_BODY_ERRORS, 404, 409],
        { 400: 'Invalid input: the fields are named in `data.fields` (profile fields as `profile.<field>`).', 409: 'The email is already registered.' },
        [400, 409],
      ),
    },
  }),
  async (c) => c.json(await makeMember({ ...c.get('deps'), media: c.env.MEDIA }, await traitsOf(c.req.valid('json')), c.req.header('user-agent')), 201),
);
