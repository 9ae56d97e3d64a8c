import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, get } from '../../test/api';
import { citySearchKey } from './search-key';

/** A few real GeoNames rows (tests never load the whole data set). */
const FIXTURES = [
  { id: 2332459, name: 'Lagos', country_code: 'NG', country_name: 'Nigeria', admin_code: '05', population: 9_000_000 },
  { id: 4002224, name: 'Lagos de Moreno', country_code: 'MX', country_name: 'Mexico', admin_code: '14', population: 98_206 },
  { id: 2267226, name: 'Lagos', country_code: 'PT', country_name: 'Portugal', admin_code: '09', population: 18_831 },
  { id: 2657896, name: 'Zürich', country_code: 'CH', country_name: 'Switzerland', admin_code: 'ZH', population: 341_730 },
  { id: 2287781, name: 'Abidjan', country_code: 'CI', country_name: 'Côte d’Ivoire', admin_code: '82', population: 3_677_115 },
  { id: 5746545, name: 'Portland', country_code: 'US', country_name: 'United States', admin_code: 'OR', population: 632_309 },
  { id: 3094802, name: 'Kraków', country_code: 'PL', country_name: 'Poland', admin_code: '77', population: 755_050 },
];

beforeAll(async () => {
  await env.DB.batch(
    FIXTURES.map((city) =>
      env.DB.prepare('INSERT INTO cities (id, name, search_key, country_code, country_name, admin_code, population, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0)').bind(
        city.id,
        city.name,
        citySearchKey(city.name, city.country_name),
        city.country_code,
        city.country_name,
        city.admin_code,
        city.population,
      ),
    ),
  );
});

const search = async (query: string) => {
  const response = await get(`/cities?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await bodyOf(response)).data as Array<{ id: number; label: string }>;
};

describe('GET /cities', () => {
  it('finds cities by the start of their name, most populous first, without signing in', async () => {
    const response = await get('/cities?search=lag');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await bodyOf(response)).data).toEqual([
      { id: 2332459, name: 'Lagos', countryCode: 'NG', countryName: 'Nigeria', population: 9_000_000, label: 'Lagos, Nigeria' },
      { id: 4002224, name: 'Lagos de Moreno', countryCode: 'MX', countryName: 'Mexico', population: 98_206, label: 'Lagos de Moreno, Mexico' },
      { id: 2267226, name: 'Lagos', countryCode: 'PT', countryName: 'Portugal', population: 18_831, label: 'Lagos, Portugal' },
    ]);
  });

  it('ignores case, accents, quotes and punctuation, and matches "city, country" labels', async () => {
    expect((await search('search=ZUR')).map((city) => city.id)).toEqual([2657896]);
    expect((await search('search=krako')).map((city) => city.id)).toEqual([3094802]);
    expect((await search(`search=${encodeURIComponent('Kraków')}`)).map((city) => city.id)).toEqual([3094802]);
    expect((await search(`search=${encodeURIComponent('Lagos, Port')}`)).map((city) => city.id)).toEqual([2267226]);
    expect((await search(`search=${encodeURIComponent("abidjan, cote d'iv")}`)).map((city) => city.label)).toEqual(['Abidjan, Côte d’Ivoire']);
  });

  it('matches prefixes only, and one character is enough', async () => {
    expect(await search('search=agos')).toEqual([]);
    expect((await search('search=l')).map((city) => city.id)).toEqual([2332459, 4002224, 2267226]);
  });

  it('labels United States cities with their state', async () => {
    expect((await search('search=portland'))[0]!.label).toBe('Portland, OR, United States');
  });

  it('answers at most `limit` cities', async () => {
    expect(await search('search=lagos&limit=2')).toHaveLength(2);
  });

  it('treats LIKE and SQL characters as plain text', async () => {
    for (const query of ['%', '_', "' OR 1=1 --", 'lag%', 'l_gos']) {
      const response = await get(`/cities?search=${encodeURIComponent(query)}`);
      expect([200, 400]).toContain(response.status);
      if (response.status === 200) expect((await bodyOf(response)).data.map((city: { id: number }) => city.id)).not.toContain(2657896);
    }
    expect(await search(`search=${encodeURIComponent('lag%')}`)).toEqual(await search('search=lag'));
  });

  it('refuses a missing, empty or wordless search and a limit out of range, naming the field', async () => {
    for (const [query, field, problem] of [
      ['', 'search', 'is required'],
      ['search=', 'search', 'must not be empty'],
      ['search=%20%20', 'search', 'must not be empty'],
      ['search=%25%25', 'search', 'must contain a letter or a digit'],
      [`search=${'a'.repeat(101)}`, 'search', 'must be at most 100 characters'],
      ['search=lag&limit=0', 'limit', 'must be at least 1'],
      ['search=lag&limit=51', 'limit', 'must be at most 50'],
      ['search=lag&limit=ten', 'limit', 'must be a number'],
    ] as const) {
      const response = await get(`/cities?${query}`);
      expect(response.status, query).toBe(400);
      expect((await bodyOf(response)).data.fields, query).toEqual({ [field]: problem });
    }
  });
});

describe('GET /cities/{id}', () => {
  it('answers the city by its GeoNames id', async () => {
    const response = await get('/cities/2657896');
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ id: 2657896, name: 'Zürich', countryCode: 'CH', countryName: 'Switzerland', population: 341_730, label: 'Zürich, Switzerland' });
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    const missing = await get('/cities/1');
    expect(missing.status).toBe(404);
    expect(await bodyOf(missing)).toEqual({ message: 'City not found', status: 404, data: null });
    for (const id of ['lagos', '0', '-5', '1.5', '99999999999']) {
      const response = await get(`/cities/${id}`);
      expect(response.status, id).toBe(400);
      expect(Object.keys((await bodyOf(response)).data.fields), id).toEqual(['id']);
    }
  });
});
