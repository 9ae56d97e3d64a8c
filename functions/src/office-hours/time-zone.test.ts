import { describe, expect, it } from 'vitest';
import { zoneAt } from './time-zone';

// GeoNames coordinates, as the cities table holds them (scripts/cities.mjs).
const CITIES: [name: string, latitude: number, longitude: number, country: string, zone: string][] = [
  ['Berlin', 52.52437, 13.41053, 'DE', 'Europe/Berlin'],
  ['New York City', 40.71427, -74.00597, 'US', 'America/New_York'],
  ['Sydney', -33.86785, 151.20732, 'AU', 'Australia/Sydney'],
  ['Kolkata', 22.56263, 88.36304, 'IN', 'Asia/Kolkata'],
  // In New South Wales, on South Australia's clock.
  ['Broken Hill', -31.9652, 141.4512, 'AU', 'Australia/Broken_Hill'],
  // Texas on Mountain time, across the river from Ciudad Juárez.
  ['El Paso', 31.75872, -106.48693, 'US', 'America/Denver'],
  ['Tijuana', 32.5027, -117.00371, 'MX', 'America/Tijuana'],
  ['Kehl', 48.57297, 7.81523, 'DE', 'Europe/Berlin'],
  ['Strasbourg', 48.58392, 7.74553, 'FR', 'Europe/Paris'],
];

describe('the time zone of a city', () => {
  for (const [name, latitude, longitude, country, zone] of CITIES) {
    it(`is ${zone} for ${name}`, () => {
      expect(zoneAt(latitude, longitude, country)).toBe(zone);
    });
  }

  it('follows the country across a border one kilometre wide: Tornio is in Finland, Haparanda in Sweden', () => {
    expect(zoneAt(65.84811, 24.14662, 'FI')).toBe('Europe/Helsinki');
    expect(zoneAt(65.83549, 24.13676, 'SE')).toBe('Europe/Stockholm');
  });

  it('is null for coordinates that are no place', () => {
    expect(zoneAt(Number.NaN, 13)).toBeNull();
    expect(zoneAt(120, 13)).toBeNull();
  });
});
