/**
 * The wire shapes of the public directory, topic pages and visitor home: one value per
 * filter (a visitor follows plain links, never a form), a page number, and the answers.
 */
import { z } from '@hono/zod-openapi';
import { FeedPostSchema } from '../feed/schemas';
import { normalHashtag } from '../feed/tags';
import { cappedPagedSchema, pagedSchema } from '../members/schemas';
import { ProfileSummarySchema } from '../profiles/schemas';
import { EXPERTISE, IDEA_STAGES, INDUSTRIES, keysOf, SKILLS } from '../shared/profile-vocabulary';
import { MemberTypeSchema } from '../users/schemas';

import { DIRECTORY_PAGE_SIZE, TOPIC_PAGE_SIZE } from './limits';

export { DIRECTORY_PAGE_SIZE, TOPIC_PAGE_SIZE };

/** An empty value (a link's "any") is no filter. */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

const oneOf = (allowed: readonly [string, ...string[]], description: string) =>
  z.preprocess(blankAsMissing, z.enum(allowed).optional()).openapi({ type: 'string', enum: [...allowed], description });

const city = z
  .preprocess(
    blankAsMissing,
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/, 'must be a city id (from GET /cities)')
      .optional(),
  )
  .openapi({ type: 'string', description: 'A city id (GeoNames).', example: '2332459' });

/** The same word as the member search's filter: `true` keeps verified members only. */
const verified = oneOf(['true'], 'true: only verified members (LinkedIn linked or a work address proved).');

const page = z.coerce.number().int().min(1).max(1000).default(1).openapi({ type: 'integer', minimum: 1, maximum: 1000, default: 1, description: 'Page number, from 1.' });

export const FounderDirectoryQuerySchema = z.object({
  city,
  industry: oneOf(keysOf(INDUSTRIES), 'An industry.'),
  skill: oneOf(keysOf(SKILLS), 'A founder skill.'),
  stage: oneOf(keysOf(IDEA_STAGES), 'An idea stage.'),
  verified,
  page,
});

export const AdvisorDirectoryQuerySchema = z.object({
  city,
  industry: oneOf(keysOf(INDUSTRIES), 'An industry.'),
  expertise: oneOf(keysOf(EXPERTISE), 'An area of expertise.'),
  verified,
  page,
});

export const DirectoryCitySchema = z
  .object({ id: z.number().int(), label: z.string().openapi({ example: 'Lagos, Nigeria' }), members: z.number().int().nonnegative() })
  .openapi('DirectoryCity');

export const DirectoryPageSchema = cappedPagedSchema(ProfileSummarySchema, 'DirectoryResults')
  .extend({
    cities: z
      .array(DirectoryCitySchema)
      .openapi({ description: 'The city links of the page: the cities with the most members of the type, most first (the same as GET /directory/cities, up to a minute old).' }),
  })
  .openapi('DirectoryPage');

export const DirectoryCitiesQuerySchema = z.object({ memberType: MemberTypeSchema });

export const DirectoryCitiesSchema = z.object({ data: z.array(DirectoryCitySchema) }).openapi('DirectoryCities');

export const TopicParamSchema = z.object({
  tag: z
    .string()
    .min(1)
    .max(60)
    .refine((value) => normalHashtag(value) !== null, 'must be a hashtag: letters, digits or _, not only digits')
    .openapi({ param: { name: 'tag', in: 'path' }, example: 'climate', description: 'A hashtag without #, any case.' }),
});

export const TopicQuerySchema = z.object({ page });

export const TopicPageSchema = pagedSchema(FeedPostSchema, 'TopicPage').extend({ tag: z.string().openapi({ description: 'The hashtag as stored: lowercase, without #.' }) });

export const TopicListSchema = z
  .object({ data: z.array(z.object({ tag: z.string(), updatedAt: z.string() })) })
  .openapi('TopicList', { description: 'Hashtags with their newest public post, newest first.' });

export const SiteFiguresSchema = z
  .object({
    members: z.number().int().nonnegative().openapi({ description: 'Onboarded members.' }),
    advisors: z.number().int().nonnegative().openapi({ description: 'Onboarded advisors.' }),
    cities: z.number().int().nonnegative().openapi({ description: 'Cities members live in.' }),
    introductionsThisMonth: z.number().int().nonnegative().openapi({ description: 'Connections accepted since the first of this month (UTC).' }),
  })
  .openapi('SiteFigures');

export const HighlightsSchema = z
  .object({
    figures: SiteFiguresSchema,
    advisors: z.array(ProfileSummarySchema).openapi({ description: 'A few advisors who allow search engines, with a picture first.' }),
    posts: z.array(FeedPostSchema).openapi({ description: 'The newest public posts of members who allow search engines.' }),
    generatedAt: z.string(),
  })
  .openapi('Highlights');

export type Highlights = z.infer<typeof HighlightsSchema>;
export type DirectoryCities = z.infer<typeof DirectoryCitiesSchema>;
export type DirectoryCity = z.infer<typeof DirectoryCitySchema>;
export type DirectoryPage = z.infer<typeof DirectoryPageSchema>;
export type TopicPage = z.infer<typeof TopicPageSchema>;
export type SiteFigures = z.infer<typeof SiteFiguresSchema>;
