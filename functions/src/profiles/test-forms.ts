/**
 * Helpers for the profile tests: complete founder and advisor forms to change one field
 * of, multipart requests, cities in D1, and the search rows of a member.
 */
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { defaultApp, uniqueIp } from '../../test/api';
import { db } from '../db/client';

type Value = string | string[] | File | null;

function formOf(base: Record<string, Value>, overrides: Record<string, Value>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...base, ...overrides })) {
    if (value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  return form;
}

export const LAGOS = { id: 2332459, name: 'Lagos', countryCode: 'NG', countryName: 'Nigeria', label: 'Lagos, Nigeria' };
export const BERLIN = { id: 2950159, name: 'Berlin', countryCode: 'DE', countryName: 'Germany', label: 'Berlin, Germany' };

/** Puts the cities the tests use into D1 (the data set itself is loaded by a script). */
export async function insertTestCities(): Promise<void> {
  for (const city of [LAGOS, BERLIN]) {
    await db(env).run(sql`
      INSERT OR IGNORE INTO cities (id, name, search_key, country_code, country_name, admin_code, population, latitude, longitude)
      VALUES (${city.id}, ${city.name}, ${city.name.toLowerCase()}, ${city.countryCode}, ${city.countryName}, NULL, 1000000, 0, 0)`);
  }
}

/** A complete founder form; `null` leaves a field out. */
export function founderForm(overrides: Record<string, Value> = {}): FormData {
  return formOf(
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      tagline: 'Building an analytical engine for small clinics',
      bio: 'Mathematician. Wrote the first program; now writing the second.',
      technical: 'true',
      skills: ['engineering', 'data'],
      commitment: 'full-time',
      ideaStage: 'prototype',
      industries: ['healthtech', 'ai'],
      interests: ['poetical science', 'looms'],
      cityId: String(LAGOS.id),
      openToRemote: 'true',
      lookingForCofounder: 'true',
      cofounderPreferences: JSON.stringify({ technical: { value: 'non-technical', importance: 'must-have' }, industries: { importance: 'nice-to-have' } }),
      links: JSON.stringify([{ label: 'Website', url: 'https://ada.example.com' }]),
    },
    overrides,
  );
}

/** A complete advisor form; `null` leaves a field out. */
export function advisorForm(overrides: Record<string, Value> = {}): FormData {
  return formOf(
    {
      name: 'Grace Hopper',
      position: 'Rear admiral · advises on developer tools',
      bio: 'Compilers, COBOL, and a nanosecond of wire in my pocket.',
      expertise: ['engineering', 'hiring'],
      industries: ['devtools'],
      yearsExperience: '40',
      experience: 'Built the first compiler; led the COBOL effort.',
      helpTypes: ['mentoring', 'advising'],
      cityId: String(BERLIN.id),
      openToRemote: 'true',
      links: JSON.stringify([]),
    },
    overrides,
  );
}

/** A file part as a browser sends it. */
export function filePart(bytes: Uint8Array, name: string, type = 'application/octet-stream'): File {
  return new File([bytes], name, { type });
}

type SendOptions = { token?: string };

/** Sends a multipart form (or any body) with the member's token. */
export async function sendForm(method: 'POST' | 'PUT', path: string, body: FormData | string, options: SendOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'CF-Connecting-IP': uniqueIp() };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';
  return defaultApp.request(path, { method, headers, body }, env);
}

/** The member's profile_tags rows as `kind:value`, sorted. */
export async function tagsOf(userId: string): Promise<string[]> {
  const rows = await db(env).all<{ kind: string; value: string }>(sql`SELECT kind, value FROM profile_tags WHERE user_id = ${userId}`);
  return rows.map((row) => `${row.kind}:${row.value}`).sort();
}

/** The user ids whose profile_search row matches an FTS5 query. */
export async function searchMatches(query: string): Promise<string[]> {
  const rows = await db(env).all<{ user_id: string }>(sql`SELECT user_id FROM profile_search WHERE profile_search MATCH ${query}`);
  return rows.map((row) => row.user_id);
}

/** The member's profile_search row, or undefined. */
export async function searchRowOf(userId: string) {
  const [row] = await db(env).all<{ name: string; headline: string; body: string }>(sql`SELECT name, headline, body FROM profile_search WHERE user_id = ${userId}`);
  return row;
}
