/**
 * The public routes behind the visitor pages (docs/product.md#visitors-and-public-pages),
 * mounted at /directory: GET /directory/founders, /directory/advisors, /directory/cities,
 * /directory/tags, /directory/tags/{tag} and /directory/highlights. No token is read: every
 * answer is what any visitor sees. Handlers only translate HTTP.
 */
import { createRoute } from '@hono/zod-openapi';
import { newRouter } from '../http/context';
import { errorResponses, jsonResponse } from '../openapi/responses';
import { PUBLIC_SECURITY } from '../openapi/security';
import { defaultCache } from './cached';
import { directoryCities, directoryPageWithCities } from './directory';
import { cachedHighlights } from './highlights';
import {
  AdvisorDirectoryQuerySchema,
  DirectoryCitiesQuerySchema,
  DirectoryCitiesSchema,
  DirectoryPageSchema,
  FounderDirectoryQuerySchema,
  HighlightsSchema,
  TopicListSchema,
  TopicPageSchema,
  TopicParamSchema,
  TopicQuerySchema,
} from './schemas';
import { sitemapTopics, topicPage } from './topics';

const doc = { tags: ['Directory'], security: PUBLIC_SECURITY };
const WHO = 'Onboarded members who allow search engines (and are not suspended or leaving), with a picture first, then the newest';
const badFilter = errorResponses([400], { 400: 'A filter value outside its vocabulary, or a page out of range; `data.fields` names it.' });

/** Mounted at /directory. */
export const directoryRoutes = newRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/founders',
      ...doc,
      summary: 'Public directory of founders',
      description: `${WHO}; one value per filter. Public.`,
      request: { query: FounderDirectoryQuerySchema },
      responses: { 200: jsonResponse(DirectoryPageSchema, 'One page, with the total and the city links.'), ...badFilter },
    }),
    async (c) => {
      const { page, ...filters } = c.req.valid('query');
      return c.json(await directoryPageWithCities(c.get('deps'), 'founder', filters, page, defaultCache()), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/advisors',
      ...doc,
      summary: 'Public directory of advisors',
      description: `${WHO}; one value per filter. Public.`,
      request: { query: AdvisorDirectoryQuerySchema },
      responses: { 200: jsonResponse(DirectoryPageSchema, 'One page, with the total and the city links.'), ...badFilter },
    }),
    async (c) => {
      const { page, ...filters } = c.req.valid('query');
      return c.json(await directoryPageWithCities(c.get('deps'), 'advisor', filters, page, defaultCache()), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/cities',
      ...doc,
      summary: 'Cities for the directory links',
      description: 'The 12 cities with the most onboarded members of the type, most first. Public.',
      request: { query: DirectoryCitiesQuerySchema },
      responses: { 200: jsonResponse(DirectoryCitiesSchema, 'The cities.'), ...errorResponses([400]) },
    }),
    async (c) => c.json({ data: await directoryCities(c.get('deps'), c.req.valid('query').memberType) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tags',
      ...doc,
      summary: 'Topics for the sitemap',
      description: 'The hashtags of the newest 5,000 public posts (at most 1,000), the newest first. Public.',
      responses: { 200: jsonResponse(TopicListSchema, 'The hashtags.'), ...errorResponses([]) },
    }),
    async (c) => c.json({ data: await sitemapTopics(c.get('deps')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tags/{tag}',
      ...doc,
      summary: 'Public posts of a hashtag',
      description: 'Posts with the hashtag by members who allow search engines, newest first, 20 a page. Public.',
      request: { params: TopicParamSchema, query: TopicQuerySchema },
      responses: {
        200: jsonResponse(TopicPageSchema, 'One page, with the total.'),
        ...errorResponses([400], { 400: 'A tag that cannot be a hashtag, or a page out of range; `data.fields` names it.' }),
      },
    }),
    async (c) => {
      // The parameter is checked to be a hashtag, so the page is always answered.
      const answer = await topicPage(c.get('deps'), c.req.valid('param').tag, c.req.valid('query').page);
      return c.json(answer!, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/highlights',
      ...doc,
      summary: 'What the visitor home shows',
      description: 'Site figures, featured advisors and the newest public posts; the same answer for a minute. Public.',
      responses: { 200: jsonResponse(HighlightsSchema, 'The highlights.'), ...errorResponses([]) },
    }),
    async (c) => c.json(await cachedHighlights(c.get('deps'), defaultCache()), 200),
  );
