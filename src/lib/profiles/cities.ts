/** The city picker's read: the world cities matching what the member typed. */
import type { City } from '@api/cities/schemas';
import { data, type ApiClient } from '../api/client';

/** GET /cities?search: up to `limit` cities matching `query`; `signal` drops a search overtaken by typing. */
export async function searchCities(api: ApiClient, query: string, limit: number, signal: AbortSignal): Promise<City[]> {
  return (await data(api.cities.$get({ query: { search: query, limit: String(limit) } }, { init: { signal } }))).data;
}
