/**
 * GET /profiles/recommend-search (mounted at /profiles beside the search routes).
 */
import { z } from '@hono/zod-openapi';
import { MEMBERS, routesFor } from '../session/guards';
import { newRouter } from '../http/context';
import { invalidFields } from '../errors';
import { errorResponses, jsonResponse } from '../openapi/responses';
import { MatchPageSchema } from '../profiles/schemas';
import { MemberTypeSchema } from '../users/schemas';
import { apiDeckCache } from './deck-cache';
import { DEFAULT_MATCH_TYPE, recommendMatches } from './recommend';

const route = routesFor(MEMBERS);

const integer = (min: number, max: number, fallback: number, description: string) =>
  z.coerce.number().int().min(min).max(max).default(fallback).openapi({ type: 'integer', minimum: min, maximum: max, default: fallback, description });

const RecommendQuerySchema = z.object({
  limit: integer(1, 50, 10, 'Matches per page, 1–50.'),
  page: integer(1, 100, 1, 'Page number, from 1.'),
  memberType: MemberTypeSchema.optional().openapi({ description: 'founder (the default): co-founders for founders, founders for advisors; advisor: advisors for founders.' }),
});

export const matchingRoutes = newRouter().openapi(
  route({
    method: 'get',
    path: '/recommend-search',
    tags: ['Search'],
    summary: 'Your matches: co-founders, advisors or founders',
    description:
      'Founders: founders looking for a co-founder, ranked by both sides’ preferences (must-haves filter, nice-to-haves weigh), complementary skills, commitment, city or remote, shared industries and idea stage; or, with `memberType=advisor`, advisors whose expertise fills your gaps. Advisors: founders who could use your expertise. Each match has a score (0–100) and its reasons. Members you are connected to, have a request with either way, ignored or blocked are left out.',
    request: { query: RecommendQuerySchema },
    responses: {
      200: jsonResponse(MatchPageSchema, 'Best first, with the total.'),
      ...errorResponses([400, 401], { 400: 'A page or limit out of range, or `memberType=advisor` asked by an advisor.' }),
    },
  }),
  async (c) => {
    const { limit, page, memberType = DEFAULT_MATCH_TYPE } = c.req.valid('query');
    const account = c.get('account');
    if (account.user.memberType === 'advisor' && memberType === 'advisor') throw invalidFields({ memberType: 'advisors are matched with founders' });
    return c.json(await recommendMatches(c.get('deps'), account, memberType, { page, limit }, apiDeckCache()), 200);
  },
);
