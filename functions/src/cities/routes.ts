/**
 * GET /cities?search and GET /cities/{id} (docs/product.md#profiles): the world-cities data
 * set behind the city pickers. Public: the data set is public, and visitors' pages show
 * cities too.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../http/context';
import { ApiError } from '../errors';
import { errorResponses, jsonResponse } from '../openapi/responses';
import { CitySchema } from './schemas';
import { findCity, searchCities } from './repository';
import { searchKey } from './search-key';
import { PUBLIC_SECURITY } from '../openapi/security';

export const CITY_NOT_FOUND = 'City not found';

/** The data set only changes with a release: let browsers and the edge keep answers an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

const citiesDoc = { tags: ['Cities'] };

const CitySearchQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine((value) => searchKey(value) !== '', 'must contain a letter or a digit')
    .openapi({ description: 'The start of a city name, or of "city, country". Case and accents do not matter.', example: 'lag' }),
  limit: z.coerce.number().int().min(1).max(50).default(10).openapi({ type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'Cities to answer, 1–50.' }),
});

const CityIdParamSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31)
    .openapi({ param: { name: 'id', in: 'path' }, type: 'integer', description: 'The GeoNames id of the city.', example: 2332459 }),
});

/** Mounted at /cities. */
export const cityRoutes = newRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      security: PUBLIC_SECURITY,
      ...citiesDoc,
      summary: 'Find cities by the start of their name',
      description: 'Cities of 5,000 people or more whose name starts with `search` (also "name, country"), most populous first. One character is enough.',
      request: { query: CitySearchQuerySchema },
      responses: {
        200: jsonResponse(z.object({ data: z.array(CitySchema) }).openapi('CityList'), 'Most populous first; empty when nothing matches.'),
        ...errorResponses([400], { 400: 'A missing or empty `search`, or a `limit` out of range.' }),
      },
    }),
    async (c) => {
      const { search, limit } = c.req.valid('query');
      const data = await searchCities(c.get('deps'), search, limit);
      return c.json({ data }, 200, { 'cache-control': CACHE_CONTROL });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      security: PUBLIC_SECURITY,
      ...citiesDoc,
      summary: 'One city',
      request: { params: CityIdParamSchema },
      responses: { 200: jsonResponse(CitySchema, 'The city.'), ...errorResponses([400, 404], { 404: CITY_NOT_FOUND }) },
    }),
    async (c) => {
      const city = await findCity(c.get('deps'), c.req.valid('param').id);
      if (!city) throw new ApiError(404, CITY_NOT_FOUND);
      return c.json(city, 200, { 'cache-control': CACHE_CONTROL });
    },
  );
