/** The wire shape of a city (GET /cities, GET /cities/{id}); profiles keep only its id and label. */
import { z } from '@hono/zod-openapi';

/** A city of the world-cities data set. `label` is what profiles show: 'Lagos, Nigeria'. */
export const CitySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    countryCode: z.string(),
    countryName: z.string(),
    population: z.number().int(),
    label: z.string(),
  })
  .openapi('City');

export type City = z.infer<typeof CitySchema>;
