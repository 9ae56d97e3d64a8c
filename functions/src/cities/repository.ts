/**
 * Reading the world-cities data set (loaded into D1 by scripts/cities.mjs): prefix search
 * ranked by population, one city by id, and the label profiles show.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { City } from './schemas';
import { prefixEnd, searchKey } from './search-key';

type CityRow = { id: number; name: string; country_code: string; country_name: string; admin_code: string | null; population: number };

const CITY_COLUMNS = sql.raw('id, name, country_code, country_name, admin_code, population');

/**
 * What a profile shows: "Lagos, Nigeria". United States cities add their state code
 * ("Portland, OR, United States"): GeoNames gives US states as their postal codes, and
 * there are many towns of one name there. Elsewhere the codes are numbers, no help to a reader.
 */
export function cityLabel(city: Pick<CityRow, 'name' | 'country_code' | 'country_name' | 'admin_code'>): string {
  const state = city.country_code === 'US' && city.admin_code && /^[A-Z]{2}$/.test(city.admin_code) ? `${city.admin_code}, ` : '';
  return `${city.name}, ${state}${city.country_name}`;
}

function toCity(row: CityRow): City {
  return {
    id: row.id,
    name: row.name,
    countryCode: row.country_code,
    countryName: row.country_name,
    population: row.population,
    label: cityLabel(row),
  };
}

/**
 * Cities whose name (or "name, country") starts with what was typed, most populous first.
 * The prefix is a range on the search_key index, never a LIKE pattern built from input.
 */
export async function searchCities(deps: Pick<Deps, 'db'>, search: string, limit: number): Promise<City[]> {
  const prefix = searchKey(search);
  if (!prefix) return [];
  const rows = await deps.db.all<CityRow>(sql`
    SELECT ${CITY_COLUMNS} FROM cities
    WHERE search_key >= ${prefix} AND search_key < ${prefixEnd(prefix)}
    ORDER BY population DESC, id LIMIT ${limit}`);
  return rows.map(toCity);
}

/** The city with this GeoNames id, or null. */
export async function findCity(deps: Pick<Deps, 'db'>, id: number): Promise<City | null> {
  const [row] = await deps.db.all<CityRow>(sql`SELECT ${CITY_COLUMNS} FROM cities WHERE id = ${id}`);
  return row ? toCity(row) : null;
}
