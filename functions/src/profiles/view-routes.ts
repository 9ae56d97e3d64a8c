/**
 * The member's profile views and privacy choices, mounted at /profile.
 */
import { z } from '@hono/zod-openapi';
import { MEMBERS, routesFor } from '../session/guards';
import { PHONE_INPUT_MAX, PHONE_PROBLEM, toE164 } from '../users/phone';
import { newRouter } from '../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { profilesDoc } from './openapi';
import { privacyOf, updatePrivacy } from './privacy';
import { PrivacySchema, ProfileViewsSchema, ViewedProfilesSchema } from './schemas';
import { FREE_VIEWERS, VIEWS_WINDOW_DAYS } from '../premium/entitlements';
import { profileViews, viewedProfiles } from './views';

const route = routesFor(MEMBERS);

const LimitQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Rows to answer, 1–100.' }),
});

/** A phone number to store (as E.164), or null or empty text to remove it. */
const PhoneChangeSchema = z
  .string()
  .nullable()
  .transform((raw, ctx): string | null => {
    if (raw === null || raw.trim() === '') return null;
    const e164 = toE164(raw);
    if (e164) return e164;
    ctx.addIssue({ code: 'custom', message: PHONE_PROBLEM });
    return z.NEVER;
  })
  .openapi({
    type: ['string', 'null'],
    maxLength: PHONE_INPUT_MAX,
    example: '+44 20 7946 0958',
    description: 'Your phone number with its country code (stored as E.164); null or empty text removes it. Private: only you and the support chat see it.',
  });

const PrivacyChangeSchema = PrivacySchema.pick({ searchIndexing: true, privateBrowsing: true })
  .partial()
  .extend({ phone: PhoneChangeSchema.optional() })
  .strict()
  .openapi('PrivacyChange');

export const viewRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/views',
      ...profilesDoc,
      summary: 'Who viewed your profile',
      description: `The last ${VIEWS_WINDOW_DAYS} days, newest first. Premium members see every viewer; free members the total and the ${FREE_VIEWERS} most recent views, the rest counted in \`locked\`. Views of members who browse privately are counted and listed without the member.`,
      request: { query: LimitQuerySchema },
      responses: { 200: jsonResponse(ProfileViewsSchema, 'The views.'), ...errorResponses([400, 401]) },
    }),
    async (c) => c.json(await profileViews(c.get('deps'), c.get('account'), c.req.valid('query').limit), 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/viewed',
      ...profilesDoc,
      summary: 'Whose profiles you viewed',
      description: `The last ${VIEWS_WINDOW_DAYS} days, one row per member (your latest view), newest first.`,
      request: { query: LimitQuerySchema },
      responses: { 200: jsonResponse(ViewedProfilesSchema, 'The members you viewed.'), ...errorResponses([400, 401]) },
    }),
    async (c) => c.json(await viewedProfiles(c.get('deps'), c.get('account').user.id, c.req.valid('query').limit), 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/privacy',
      ...profilesDoc,
      summary: 'Your privacy choices',
      responses: { 200: jsonResponse(PrivacySchema, 'The choices.'), ...errorResponses([401]) },
    }),
    (c) => c.json(privacyOf(c.get('account').user), 200),
  )
  .openapi(
    route({
      method: 'patch',
      path: '/privacy',
      ...profilesDoc,
      summary: 'Change your privacy choices',
      description:
        '`searchIndexing: false` keeps your profile out of search engines (noindex, left out of the sitemap); `privateBrowsing: true` makes your profile views anonymous; `phone` sets or (null) removes your private phone number. Fields left out stay as they are.',
      request: jsonBody(PrivacyChangeSchema),
      responses: { 200: jsonResponse(PrivacySchema, 'The choices now.'), ...errorResponses([...JSON_BODY_ERRORS, 401]) },
    }),
    async (c) => c.json(await updatePrivacy(c.get('deps'), c.get('account').user, c.req.valid('json')), 200),
  );
