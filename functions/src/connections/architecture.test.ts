/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

// The domain modules of connections, reports and events: everything but routes, schemas and tests.
const sources = import.meta.glob(['../{connections,reports,events}/*.ts', '!../**/*.test.ts', '!../**/*routes.ts', '!../**/schemas.ts', '!../**/openapi.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

function runtimeImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1]!);
}

describe('the connections domain', () => {
  it('finds its modules', () => {
    expect(Object.keys(sources).length).toBeGreaterThanOrEqual(14);
  });

  it('imports neither Hono nor Astro, nor the route schemas at runtime', () => {
    const offenders = Object.entries(sources).flatMap(([file, source]) =>
      runtimeImports(source)
        .filter((specifier) => /^(hono|@hono\/|astro|@astrojs\/)|\/schemas$/.test(specifier))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps every file under about 300 lines', () => {
    const long = Object.entries(sources).filter(([, source]) => source.split('\n').length > 300).map(([file]) => file);
    expect(long).toEqual([]);
  });
});
