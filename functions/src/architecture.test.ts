/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

// The source text of the domain modules (vite inlines it at build time of the test).
const accountSources = import.meta.glob(
  ['./auth/{service,reset,session,code-store,codes,password}.ts', './admin/stats.ts', './dev/seed.ts', './users/{repository,slugs,wire}.ts', './mail/{mailer,templates,mime}.ts', './rate-limit/{limiter,policies}.ts'],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;

// The domain modules of connections, reports, events and notifications: everything but routes, schemas and tests.
const connectionSources = import.meta.glob(
  ['./{connections,reports,events,notifications}/*.ts', '!./**/*.test.ts', '!./**/test-*.ts', '!./**/*routes.ts', '!./**/schemas.ts', '!./**/openapi.ts'],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;

// The domain modules of profiles, search, cities, matching and pictures (not routes, schemas, tests or test fixtures).
const profileSources = import.meta.glob(
  ['./{profiles,search,cities,matching}/*.ts', './media/{images,image-store}.ts', '!./**/*.test.ts', '!./**/test-*.ts', '!./**/*routes.ts', '!./**/schemas.ts', '!./**/openapi.ts'],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;

// The live connection: the protocol, heartbeat, emitter and Durable Object (not its route or tests).
const liveSources = import.meta.glob(['./live/*.ts', '!./live/*.test.ts', '!./live/routes.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

// The domain modules of the inbox (not routes, schemas, docs, tests or test helpers).
const inboxSources = import.meta.glob(['./inbox/*.ts', '!./**/*.test.ts', '!./**/test-*.ts', '!./**/*routes.ts', '!./**/schemas.ts', '!./**/openapi.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** Module specifiers a file imports at runtime (type-only imports are erased). */
function runtimeImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1]!);
}

/** `file imports specifier` for every runtime import matching `forbidden`. */
function offendersIn(sources: Record<string, string>, forbidden: RegExp): string[] {
  return Object.entries(sources).flatMap(([file, source]) =>
    runtimeImports(source)
      .filter((specifier) => forbidden.test(specifier))
      .map((specifier) => `${file} imports ${specifier}`),
  );
}

const FRAMEWORKS = /^(hono|@hono\/|astro|@astrojs\/)/;

describe('the architecture', () => {
  it('finds the domain modules it checks', () => {
    expect(Object.keys(accountSources).length).toBeGreaterThanOrEqual(15);
    expect(Object.keys(connectionSources).length).toBeGreaterThanOrEqual(14);
    expect(Object.keys(profileSources).length).toBeGreaterThanOrEqual(25);
    expect(Object.keys(liveSources).length).toBeGreaterThanOrEqual(6);
  });

  it('keeps the profiles, search, cities and matching domains free of Hono and Astro', () => {
    expect(offendersIn(profileSources, FRAMEWORKS)).toEqual([]);
  });

  it('keeps domain code free of Hono and Astro, so it is tested without HTTP', () => {
    expect(offendersIn(accountSources, FRAMEWORKS)).toEqual([]);
  });

  it('keeps the connections domain free of Hono, Astro and the route schemas at runtime', () => {
    expect(offendersIn(connectionSources, new RegExp(`${FRAMEWORKS.source}|/schemas$`))).toEqual([]);
  });

  it('keeps the live connection free of Hono and Astro (only its route speaks HTTP)', () => {
    expect(offendersIn(liveSources, FRAMEWORKS)).toEqual([]);
  });

  it('keeps every connections, profiles and live module under about 300 lines', () => {
    const long = Object.entries({ ...connectionSources, ...profileSources, ...liveSources }).filter(([, source]) => source.split('\n').length > 300).map(([file]) => file);
    expect(long).toEqual([]);
  });
});
