/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

// The source text of the domain modules (vite inlines it at build time of the test).
const domainSources = import.meta.glob(
  ['./auth/{service,reset,session,code-store,codes,password}.ts', './admin/stats.ts', './dev/seed.ts', './users/{repository,slugs,wire}.ts', './mail/{mailer,templates,mime}.ts', './rate-limit/{limiter,policies}.ts'],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;

/** Module specifiers a file imports at runtime (type-only imports are erased). */
function runtimeImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1]!);
}

describe('the architecture', () => {
  it('finds the domain modules it checks', () => {
    expect(Object.keys(domainSources).length).toBeGreaterThanOrEqual(15);
  });

  it('keeps domain code free of Hono and Astro, so it is tested without HTTP', () => {
    const offenders = Object.entries(domainSources).flatMap(([file, source]) =>
      runtimeImports(source)
        .filter((specifier) => /^(hono|@hono\/|astro|@astrojs\/)/.test(specifier))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });
});
