/// <reference types="vite/client" />
/**
 * Browser code may share the API's constants and types, but never its zod schemas: one
 * runtime import of a schemas module puts zod (about 100 KB gzipped) on every page that
 * loads the importer. Types are erased, so `import type` is always fine.
 */
import { describe, expect, it } from 'vitest';

const browserSources = import.meta.glob(['../islands/**/*.{ts,tsx}', './**/*.{ts,tsx}', '../components/**/*.ts', '!./server/**', '!./**/*.test.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** Runtime imports of `@api/…` modules (type-only imports and exports are erased). */
function apiRuntimeImports(source: string): string[] {
  return [...source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'(@api\/[^']+)'/gm)].map((match) => match[1]!);
}

describe('browser code', () => {
  it('finds the browser modules it checks', () => {
    expect(Object.keys(browserSources).length).toBeGreaterThan(50);
  });

  it('never imports an API schemas module (zod) at runtime', () => {
    const offenders = Object.entries(browserSources).flatMap(([file, source]) =>
      apiRuntimeImports(source)
        .filter((specifier) => /schemas$/.test(specifier))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });
});
