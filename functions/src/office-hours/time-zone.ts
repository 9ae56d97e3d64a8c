/**
 * The time zone of a member's city: the IANA zone at the city's coordinates, looked up with
 * `@photostructure/tz-lookup`, checked against the city's country with
 * `countries-and-timezones` (docs/decisions.md "Time zone from a member's city"). It is a
 * suggestion: office hours start from it, the booking screen preselects it, and the member
 * can always pick another.
 */
import tzLookup from '@photostructure/tz-lookup';
import { getCountry, getTimezone } from 'countries-and-timezones';
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';

/** Whether this runtime can show times in the zone (its zone data may be older than the lookup's). */
function isKnownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The lookup's zone when it belongs to the country. Its coarse shapes can put a town on a
 * tight border in the neighbour's zone (Tornio, Finland, reads as Europe/Stockholm): when the
 * country has one zone, that is the answer; else the lookup's answer stands.
 */
function withinCountry(zone: string, countryCode: string | undefined): string {
  const countries: readonly string[] = getTimezone(zone)?.countries ?? [];
  if (!countryCode || countries.includes(countryCode.toUpperCase())) return zone;
  const zones = getCountry(countryCode.toUpperCase())?.timezones ?? [];
  return zones.length === 1 ? zones[0]! : zone;
}

/** The IANA zone at a place (in a country, when known), or null when the coordinates are not a place or the zone is unknown here. */
export function zoneAt(latitude: number, longitude: number, countryCode?: string): string | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  try {
    const zone = withinCountry(tzLookup(latitude, longitude), countryCode);
    return isKnownZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** The zone of the city on the member's profile (founder or advisor), or null when they named none. */
export async function cityTimeZone(deps: Pick<Deps, 'db'>, userId: string): Promise<string | null> {
  const [city] = await deps.db.all<{ latitude: number; longitude: number; country_code: string }>(sql`
    SELECT latitude, longitude, country_code FROM cities WHERE id = (
      SELECT city_id FROM founders WHERE user_id = ${userId} AND city_id IS NOT NULL
      UNION ALL SELECT city_id FROM advisors WHERE user_id = ${userId} AND city_id IS NOT NULL
      LIMIT 1
    )`);
  return city ? zoneAt(city.latitude, city.longitude, city.country_code) : null;
}
