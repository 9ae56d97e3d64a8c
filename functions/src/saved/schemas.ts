/**
 * The wire shapes of saved people and saved searches (docs/product.md "Saved people and
 * searches") and of the pause.
 */
import { z } from '@hono/zod-openapi';
import { IdSchema } from '../members/schemas';
import { ProfileSummarySchema } from '../profiles/schemas';
import { MemberTypeSchema } from '../users/schemas';
import { SAVED_LIMITS, SAVED_MESSAGES as M } from '../shared/saved-messages';
import { invalidFields } from '../errors';
import { AdvisorSearchQuerySchema, FounderSearchQuerySchema, tagFilters } from '../search/schemas';
import type { SearchCriteria } from '../search/search';

export const MemberParamSchema = z.object({ memberId: IdSchema.openapi({ param: { name: 'memberId', in: 'path' }, description: 'The saved member’s user id.' }) });
export const SavedSearchParamSchema = z.object({ id: IdSchema.openapi({ param: { name: 'id', in: 'path' }, description: 'The saved search id.' }) });

export const SaveMemberBodySchema = z
  .object({
    note: z
      .string()
      .max(SAVED_LIMITS.noteMax, M.noteTooLong)
      .default('')
      .openapi({ description: `Your private note (at most ${SAVED_LIMITS.noteMax} characters); nobody else ever reads it.` }),
  })
  .openapi('SaveMemberBody');

export const SavedMemberSchema = z
  .object({
    member: ProfileSummarySchema,
    note: z.string(),
    savedAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('SavedMember');

export const SavedMemberListSchema = z.object({ data: z.array(SavedMemberSchema) }).openapi('SavedMemberList');

export const UnsavedMemberSchema = z.object({ memberId: z.string(), saved: z.literal(false) }).openapi('UnsavedMember');

export const SaveSearchBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(SAVED_LIMITS.nameMax, `must be at most ${SAVED_LIMITS.nameMax} characters`)
      .openapi({ description: 'What you call this search.' }),
    memberType: MemberTypeSchema.openapi({ description: '`founder` (GET /founder/search) or `advisor` (GET /advisor/search).' }),
    query: z.string().max(2000).openapi({
      description: 'The search’s filters and `q` as that route’s query string (`skills=engineering&industries=fintech&q=payments`); `page` and `limit` are ignored.',
      example: 'skills=engineering&q=payments',
    }),
  })
  .openapi('SaveSearchBody');

export const SavedSearchSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    memberType: MemberTypeSchema,
    query: z.string().openapi({ description: 'The search’s query string, as the search screen’s address takes it.' }),
    createdAt: z.string(),
    lastRunAt: z.string().openapi({ description: 'When new members were last looked for (daily).' }),
  })
  .openapi('SavedSearch');

export const SavedSearchListSchema = z
  .object({
    limit: z.number().int().openapi({ description: 'Saved searches you may keep (free and Premium differ).' }),
    premium: z.boolean(),
    data: z.array(SavedSearchSchema),
  })
  .openapi('SavedSearchList');

export const PauseStateSchema = z
  .object({
    paused: z.boolean(),
    pausedAt: z.string().nullable().openapi({ description: 'Since when you are not looking; null while you are.' }),
  })
  .openapi('PauseState');

const QUERY_SCHEMAS = {
  founder: FounderSearchQuerySchema.omit({ limit: true, page: true }),
  advisor: AdvisorSearchQuerySchema.omit({ limit: true, page: true }),
} as const;

type MemberType = keyof typeof QUERY_SCHEMAS;

/**
 * A saved query as search criteria, and its query string in a stable form (page and limit
 * dropped). A value the search route would refuse is a 400 naming `query.<filter>`.
 */
export function savedCriteria(memberType: MemberType, query: string): { criteria: SearchCriteria; query: string } {
  const params = new URLSearchParams(query);
  params.delete('page');
  params.delete('limit');
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = values.length === 1 ? values[0]! : values;
  }
  const parsed = QUERY_SCHEMAS[memberType].strict().safeParse(raw);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [`query.${String(issue.path[0] ?? (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : ''))}`, issue.message]),
    );
    throw invalidFields(fields);
  }
  const { q, ...filters } = parsed.data;
  params.sort();
  return { criteria: { memberType, q, tags: tagFilters(filters), order: 'pictures-first' }, query: params.toString() };
}

export type SaveSearchBody = z.infer<typeof SaveSearchBodySchema>;
export type SavedMember = z.infer<typeof SavedMemberSchema>;
export type SavedSearch = z.infer<typeof SavedSearchSchema>;
export type SavedSearchList = z.infer<typeof SavedSearchListSchema>;
export type PauseState = z.infer<typeof PauseStateSchema>;
