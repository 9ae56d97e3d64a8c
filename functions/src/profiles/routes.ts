/**
 * The profile routes of docs/product.md#onboarding: onboarding (/onboarding, /founder/onboarding,
 * /advisor/onboarding), the public profiles and their settings form (/founder/profile,
 * /advisor/profile), and the member's views and privacy (/profile, in view-routes.ts).
 * Handlers only translate HTTP to the domain functions.
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { newRouter, type AppEnv } from '../http/context';
import { formRequest } from '../http/forms';
import { isPrefetchRequest } from '../http/prefetch';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { MEMBERS, routesFor, VIEWERS } from '../session/guards';
import type { MemberType } from '../users/schemas';
import { PROFILE_MESSAGES as M } from './messages';
import { onboardingState, saveDraft } from './onboarding';
import { advisorForm, founderForm, profileFormHook, profilesDoc, type AdvisorFields, type FounderFields, type PictureValues } from './openapi';
import { readProfileForm } from './profile-form';
import { publicProfile } from './public-profile';
import { assertCanSave, currentImages, saveProfile, type SaveMode } from './save';
import {
  AdvisorDetailsSchema,
  DraftSavedSchema,
  FounderDetailsSchema,
  OnboardingDraftSchema,
  OnboardingStateSchema,
  SavedAdvisorProfileSchema,
  SavedFounderProfileSchema,
  type SavedAdvisorProfile,
  type SavedFounderProfile,
} from './schemas';
import { viewRoutes } from './view-routes';

const memberRoute = routesFor(MEMBERS);
const viewerRoute = routesFor(VIEWERS);

export { viewRoutes as profileRoutes };

/** Mounted at /onboarding. */
export const onboardingRoutes = newRouter()
  .openapi(
    memberRoute({
      method: 'get',
      path: '/',
      ...profilesDoc,
      summary: 'Your onboarding: type, progress, draft and profile so far',
      description: 'The draft is what the member typed in the steps so far (kept until onboarding completes).',
      responses: { 200: jsonResponse(OnboardingStateSchema, 'The onboarding state.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await onboardingState(c.get('deps'), c.get('account')), 200),
  )
  .openapi(
    memberRoute({
      method: 'put',
      path: '/',
      ...profilesDoc,
      summary: 'Keep what you typed in onboarding',
      description: 'Replaces the draft with the step reached and the values typed (at most 16 KB of JSON). Pictures are not part of drafts.',
      request: jsonBody(OnboardingDraftSchema),
      responses: { 200: jsonResponse(DraftSavedSchema, 'Saved.'), ...errorResponses([...JSON_BODY_ERRORS, 401]) },
    }),
    async (c) => c.json(await saveDraft(c.get('deps'), c.get('account').user.id, c.req.valid('json')), 200),
  );

const SlugQuerySchema = z.object({
  slug: z.string().trim().min(1).max(120).openapi({ example: 'maya-okafor', description: "The profile's address." }),
});

const formErrors = (memberType: MemberType, mode: 'onboarding' | 'edit') =>
  errorResponses(mode === 'edit' ? [400, 401, 403, 409, 413, 415] : [400, 401, 403, 413, 415], {
    400: 'Invalid input, a picture that is not a JPEG, PNG or WebP, too big or of the wrong size, or a missing alt text: the fields are named in `data.fields`.',
    403: M.wrongMemberType(memberType === 'founder' ? 'advisor' : 'founder'),
    413: 'The whole request body is too large.',
    409: M.onboardFirst,
    415: M.multipartOnly,
  });

const article = (memberType: MemberType) => (memberType === 'founder' ? 'a founder' : 'an advisor');

type FormBody = typeof founderForm | typeof advisorForm;

/**
 * Only the member's own type may use a form, and settings only once onboarded: checked
 * before the form is read, so a refused request costs no image work.
 */
const canSave = (memberType: MemberType, mode: SaveMode) =>
  createMiddleware<AppEnv>(async (c, next) => {
    assertCanSave(c.get('account'), memberType, mode);
    await next();
  });

type Saved<T extends MemberType> = T extends 'founder' ? SavedFounderProfile : SavedAdvisorProfile;

/** Saves the signed-in member's profile from the validated form. */
async function saveForm<T extends MemberType>(c: Context<AppEnv>, mode: SaveMode, form: { fields: FounderFields | AdvisorFields; pictures: PictureValues }): Promise<Saved<T>> {
  const account = c.get('account');
  const saved = await saveProfile({ ...c.get('deps'), media: c.env.MEDIA }, account, readProfileForm(form, currentImages(account)), mode);
  // canSave checked the member type, so the profile answered is of that type.
  return saved as Saved<T>;
}

function onboardingRoute<B extends FormBody, S extends z.ZodType>(memberType: MemberType, form: B, saved: S) {
  return memberRoute({
    method: 'post',
    path: '/onboarding',
    ...profilesDoc,
    summary: `Complete onboarding as ${article(memberType)}`,
    description: `Saves the ${memberType} profile from the multipart form, marks the member onboarded and drops the draft. Only ${memberType}s.`,
    middleware: [canSave(memberType, 'onboarding'), formRequest(M.multipartOnly)] as const,
    request: form,
    responses: { 200: jsonResponse(saved, 'The user (onboarded) and the saved profile.'), ...formErrors(memberType, 'onboarding') },
  });
}

function editRoute<B extends FormBody, S extends z.ZodType>(memberType: MemberType, form: B, saved: S) {
  return memberRoute({
    method: 'put',
    path: '/profile',
    ...profilesDoc,
    summary: `Edit your ${memberType} profile`,
    description: `The settings form: the same fields and checks as onboarding. Pictures not sent stay; \`removeProfilePicture\`/\`removeProfileBanner\` remove them. The slug never changes. Only onboarded ${memberType}s.`,
    middleware: [canSave(memberType, 'edit'), formRequest(M.multipartOnly)] as const,
    request: form,
    responses: { 200: jsonResponse(saved, 'The user and the saved profile.'), ...formErrors(memberType, 'edit') },
  });
}

function profileRoute<S extends z.ZodType>(memberType: MemberType, details: S) {
  return viewerRoute({
    method: 'get',
    path: '/profile',
    ...profilesDoc,
    summary: `The public profile of ${article(memberType)}`,
    description:
      'Public: no token needed. With the token of another member, records a profile view (one per viewer, profile and day), except for a prefetch (`Sec-Purpose` or `Purpose: prefetch`). 404 for an unknown slug, a member who has not finished onboarding (except for themself), or a member who blocked you.',
    request: { query: SlugQuerySchema },
    responses: { 200: jsonResponse(details, 'The profile.'), ...errorResponses([400, 404], { 404: M.profileNotFound }) },
  });
}

/** A browser's prefetch of a profile is no visit: it records no view. */
const viewOptions = (headers: Headers) => ({ recordsView: !isPrefetchRequest(headers) });

/** Mounted at /founder: founder onboarding, the public founder profile and its settings form. */
export const founderProfileRoutes = newRouter()
  .openapi(
    onboardingRoute('founder', founderForm, SavedFounderProfileSchema),
    async (c) => c.json(await saveForm<'founder'>(c, 'onboarding', c.req.valid('form')), 200),
    profileFormHook,
  )
  .openapi(editRoute('founder', founderForm, SavedFounderProfileSchema), async (c) => c.json(await saveForm<'founder'>(c, 'edit', c.req.valid('form')), 200), profileFormHook)
  .openapi(profileRoute('founder', FounderDetailsSchema), async (c) =>
    c.json(await publicProfile(c.get('deps'), 'founder', c.req.valid('query').slug, c.get('viewer'), viewOptions(c.req.raw.headers)), 200),
  );

/** Mounted at /advisor: advisor onboarding, the public advisor profile and its settings form. */
export const advisorProfileRoutes = newRouter()
  .openapi(
    onboardingRoute('advisor', advisorForm, SavedAdvisorProfileSchema),
    async (c) => c.json(await saveForm<'advisor'>(c, 'onboarding', c.req.valid('form')), 200),
    profileFormHook,
  )
  .openapi(editRoute('advisor', advisorForm, SavedAdvisorProfileSchema), async (c) => c.json(await saveForm<'advisor'>(c, 'edit', c.req.valid('form')), 200), profileFormHook)
  .openapi(profileRoute('advisor', AdvisorDetailsSchema), async (c) =>
    c.json(await publicProfile(c.get('deps'), 'advisor', c.req.valid('query').slug, c.get('viewer'), viewOptions(c.req.raw.headers)), 200),
  );
