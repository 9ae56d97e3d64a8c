/**
 * The query strings of the search routes: the filters (lists repeat their key:
 * `skills=engineering&skills=design`), the text, and the page. Each filter becomes
 * profile_tags rows to match (see `tagFilters`).
 */
import { z } from '@hono/zod-openapi';
import { MemberTypeSchema } from '../users/schemas';
import { COMMITMENTS, ENGAGEMENTS, EXPERTISE, FULL_TIME_TIMING, HELP_TYPES, IDEA_STAGES, INDUSTRIES, keysOf, RESPONSIBILITIES, SKILLS } from '../shared/profile-vocabulary';
import { mentionWords, queryWords } from './fts';
import type { TagFilters } from './search';

/** Values one filter may list: more is never a real search. */
const MAX_VALUES = 20;

/** One value or a repeated key as a list; empty values ("any" in a form) are dropped. */
function asList(value: unknown): unknown {
  if (value === undefined) return undefined;
  const values = (Array.isArray(value) ? value : [value]).filter((item) => item !== '');
  return values.length > 0 ? values : undefined;
}

/** A repeatable filter whose values come from `allowed`; a wrong one names the filter. */
function listParam(allowed: readonly string[], description: string) {
  return z
    .preprocess(
      asList,
      z
        .array(z.string())
        .max(MAX_VALUES)
        .refine((values) => values.every((value) => allowed.includes(value)), `must be one of: ${allowed.join(', ')}`)
        .optional(),
    )
    .openapi({ type: 'array', items: { type: 'string', enum: [...allowed] }, description, param: { style: 'form', explode: true } });
}

const cityParam = z
  .preprocess(
    asList,
    z
      .array(z.string())
      .max(MAX_VALUES)
      .refine((values) => values.every((value) => /^[1-9]\d{0,9}$/.test(value)), 'must be city ids (from GET /cities)')
      .optional(),
  )
  .openapi({ type: 'array', items: { type: 'integer' }, description: 'City ids (any of them).', param: { style: 'form', explode: true } });

const flag = (description: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.enum(['true', 'false']).optional()).openapi({ type: 'string', enum: ['true', 'false'], description });

const textParam = z
  .preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .max(100)
      .refine((value) => queryWords(value).length > 0, 'must contain a letter or a digit')
      .optional(),
  )
  .openapi({ type: 'string', description: 'Words to find in names, taglines, positions and bios (each word matches as a prefix).', example: 'fintech lagos' });

const integer = (min: number, max: number, fallback: number, description: string) =>
  z.coerce.number().int().min(min).max(max).default(fallback).openapi({ type: 'integer', minimum: min, maximum: max, default: fallback, description });

const page = integer(1, 1000, 1, 'Page number, from 1.');
const limit = (fallback: number) => integer(1, 50, fallback, `Members per page, 1–50 (default ${fallback}).`);

const founderFilters = {
  skills: listParam(keysOf(SKILLS), 'Founder skills (any of them).'),
  industries: listParam(keysOf(INDUSTRIES), 'Industries (any of them).'),
  city: cityParam,
  commitment: listParam(keysOf(COMMITMENTS), 'Weekly commitment (any of them).'),
  technical: listParam(['true', 'false'], 'true: technical founders; false: non-technical.'),
  stage: listParam(keysOf(IDEA_STAGES), 'Idea stages (any of them).'),
  remote: flag('true: only members open to remote work.'),
  looking: flag('true: only founders looking for a co-founder.'),
  takes: listParam(keysOf(RESPONSIBILITIES), 'Responsibilities the founder takes on (any of them).'),
  fulltime: listParam(keysOf(FULL_TIME_TIMING), 'When the founder can go full time (any of them).'),
  verified: flag('true: only verified members (LinkedIn linked or a work address proved).'),
};

const advisorFilters = {
  expertise: listParam(keysOf(EXPERTISE), 'Areas of expertise (any of them).'),
  industries: listParam(keysOf(INDUSTRIES), 'Industries (any of them).'),
  city: cityParam,
  help: listParam(keysOf(HELP_TYPES), 'How they help (any of them).'),
  engage: listParam(keysOf(ENGAGEMENTS), 'How they engage: one-off, monthly, ongoing (any of them).'),
  remote: flag('true: only advisors open to remote work.'),
  verified: flag('true: only verified members (LinkedIn linked or a work address proved).'),
};

export const FounderSearchQuerySchema = z.object({ limit: limit(20), page, q: textParam, ...founderFilters });
export const AdvisorSearchQuerySchema = z.object({ limit: limit(21), page, q: textParam, ...advisorFilters });

/** The sort of /profiles/search: docs/product.md#search, the only one (members with a picture first, then the newest). */
export const PROFILE_SORT = 'profilePicture:DESC,legacyProfilePicture:DESC,createdAt:DESC';

export const ProfilesSearchQuerySchema = z.object({
  _sort: z.literal(PROFILE_SORT).default(PROFILE_SORT).openapi({ description: 'Members with a picture first, then the newest (the only sort).' }),
  _limit: limit(20),
  _page: page,
  q: textParam,
  memberType: MemberTypeSchema.optional().openapi({ description: 'Only founders or only advisors. Founder-only or advisor-only filters imply it.' }),
  ...founderFilters,
  ...advisorFilters,
});

export const TaggingQuerySchema = z.object({
  query: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .refine((value) => mentionWords(value).length > 0, 'must contain a word of at least 2 letters or digits')
    .openapi({ description: 'The start of a name, as typed after @: words of at least 2 letters or digits (shorter ones are left out).', example: 'ada' }),
  limit: limit(10),
  page,
});

type FilterQuery = {
  skills?: string[];
  industries?: string[];
  city?: string[];
  commitment?: string[];
  technical?: string[];
  stage?: string[];
  remote?: 'true' | 'false';
  looking?: 'true' | 'false';
  expertise?: string[];
  help?: string[];
  takes?: string[];
  fulltime?: string[];
  engage?: string[];
};

/** The profile_tags values each filter asks for (true/false become the tags' '1'/'0'). */
export function tagFilters(query: FilterQuery): TagFilters {
  const bit = (value: string) => (value === 'true' ? '1' : '0');
  return {
    skill: query.skills ?? [],
    industry: query.industries ?? [],
    city: query.city ?? [],
    commitment: query.commitment ?? [],
    technical: [...new Set((query.technical ?? []).map(bit))],
    stage: query.stage ?? [],
    remote: query.remote === 'true' ? ['1'] : [],
    looking: query.looking === 'true' ? ['1'] : [],
    expertise: query.expertise ?? [],
    help: query.help ?? [],
    takes: query.takes ?? [],
    fulltime: query.fulltime ?? [],
    engage: query.engage ?? [],
  };
}
