/**
 * The search routes of docs/product.md#search: GET /founder/search, GET /founder/tagging-profiles,
 * GET /advisor/search, GET /profiles/search and GET /profiles/sitemap. Handlers only translate HTTP.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { cappedPagedSchema, MemberCardSchema } from '../members/schemas';
import { MEMBERS, routesFor } from '../session/guards';
import { newRouter } from '../http/context';
import { errorResponses, jsonResponse } from '../openapi/responses';
import { ProfileSummaryPageSchema, SitemapEntrySchema } from '../profiles/schemas';
import { AdvisorSearchQuerySchema, FounderSearchQuerySchema, ProfilesSearchQuerySchema, TaggingQuerySchema, tagFilters } from './schemas';
import { searchMembers } from './search';
import { sitemapEntries } from './sitemap';
import { taggingProfiles } from './tagging';
import { PUBLIC_SECURITY } from '../openapi/security';

const memberRoute = routesFor(MEMBERS);

const searchDoc = { tags: ['Search'] };
const searchErrors = errorResponses([400, 401], { 400: 'A filter value outside its vocabulary, a `q` without words, or a page or limit out of range; `data.fields` names it.' });
const ORDER_NOTE = 'Members with a profile picture first, then the newest';
const TOTAL_NOTE =
  'The total is exact when at most 1,000 members match, or when the counters hold it (no `q`, at most two filters besides `remote` and `looking`); otherwise it is 1,000 with `capped` true, and `pages` stops there.';
const RELEVANCE_NOTE = 'with `q`, the best text match first when its words match at most 1,000 members (more keep the order above)';

/** Mounted at /founder. */
export const founderSearchRoutes = newRouter()
  .openapi(
    memberRoute({
      method: 'get',
      path: '/search',
      ...searchDoc,
      summary: 'Search founders',
      description: `Onboarded founders other than you matching every filter used (any value within one filter) and the words of \`q\`. ${ORDER_NOTE}; ${RELEVANCE_NOTE}. ${TOTAL_NOTE}`,
      request: { query: FounderSearchQuerySchema },
      responses: { 200: jsonResponse(ProfileSummaryPageSchema, 'One page, with the total.'), ...searchErrors },
    }),
    async (c) => {
      const { limit, page, q, ...filters } = c.req.valid('query');
      const criteria = { memberType: 'founder' as const, q, tags: tagFilters(filters), verified: filters.verified === 'true', order: 'relevance' as const };
      return c.json(await searchMembers(c.get('deps'), c.get('account').user.id, criteria, { page, limit }), 200);
    },
  )
  .openapi(
    memberRoute({
      method: 'get',
      path: '/tagging-profiles',
      ...searchDoc,
      summary: 'Members to @-mention',
      description:
        'Onboarded founders and advisors with a name word starting with each word of `query`, your connections first, then with a picture first and the newest next. You, blocked and unlisted members are left out.',
      request: { query: TaggingQuerySchema },
      responses: {
        200: jsonResponse(cappedPagedSchema(MemberCardSchema, 'MentionPage'), 'One page, with the total (counted up to 1,000).'),
        ...errorResponses([400, 401]),
      },
    }),
    async (c) => {
      const { query, ...page } = c.req.valid('query');
      return c.json(await taggingProfiles(c.get('deps'), c.get('account').user.id, query, page), 200);
    },
  );

/** Mounted at /advisor. */
export const advisorSearchRoutes = newRouter().openapi(
  memberRoute({
    method: 'get',
    path: '/search',
    ...searchDoc,
    summary: 'Search advisors',
    description: `Onboarded advisors other than you matching every filter used (any value within one filter) and the words of \`q\`. ${ORDER_NOTE}; ${RELEVANCE_NOTE}. ${TOTAL_NOTE}`,
    request: { query: AdvisorSearchQuerySchema },
    responses: { 200: jsonResponse(ProfileSummaryPageSchema, 'One page, with the total.'), ...searchErrors },
  }),
  async (c) => {
    const { limit, page, q, ...filters } = c.req.valid('query');
    const criteria = { memberType: 'advisor' as const, q, tags: tagFilters(filters), verified: filters.verified === 'true', order: 'relevance' as const };
    return c.json(await searchMembers(c.get('deps'), c.get('account').user.id, criteria, { page, limit }), 200);
  },
);

/** Mounted at /profiles, beside matching's GET /profiles/recommend-search. */
export const profilesRoutes = newRouter()
  .openapi(
    memberRoute({
      method: 'get',
      path: '/search',
      ...searchDoc,
      summary: 'Search founders and advisors',
      description: `Onboarded members other than you matching every filter used and the words of \`q\`, sorted as \`_sort\` says: ${ORDER_NOTE.toLowerCase()}, with or without \`q\`. ${TOTAL_NOTE} Founder-only filters (skills, commitment, technical, stage, looking) match founders only, advisor-only ones (expertise, help) advisors only.`,
      request: { query: ProfilesSearchQuerySchema },
      responses: { 200: jsonResponse(ProfileSummaryPageSchema, 'One page, with the total.'), ...searchErrors },
    }),
    async (c) => {
      const { _limit, _page, q, memberType, ...filters } = c.req.valid('query');
      const criteria = { memberType, q, tags: tagFilters(filters), verified: filters.verified === 'true', order: 'pictures-first' as const };
      return c.json(await searchMembers(c.get('deps'), c.get('account').user.id, criteria, { page: _page, limit: _limit }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/sitemap',
      security: PUBLIC_SECURITY,
      tags: ['Search'],
      summary: 'Public profiles for the sitemap',
      description: 'Onboarded members who did not opt out of search indexing (at most 50,000), most recently updated first. Public.',
      responses: {
        200: jsonResponse(z.object({ data: z.array(SitemapEntrySchema) }).openapi('SitemapEntries'), 'The entries.'),
        ...errorResponses([]),
      },
    }),
    async (c) => c.json({ data: await sitemapEntries(c.get('deps')) }, 200),
  );
