/**
 * The repository's modules as text, for the architecture tests: tests left out, each .astro
 * file cut into its frontmatter (server code) and its bundled `<script>` blocks (browser code).
 */
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Tests (`x.test.ts`) and the helpers and fixtures written for them (`test/`, `test-x.ts`, `x-fixtures.ts`, `fixtures.ts`). */
export function isTestCode(file: string): boolean {
  return /\.test\.tsx?$|(^|\/)test\/|(^|\/)test-[^/]*$|(^|\/|-)fixtures\.tsx?$/.test(file);
}

/**
 * The modules of an .astro file: its frontmatter under the file's own path, and each `<script>`
 * that Astro bundles as `<file>#script-<n>`. Inline scripts (`is:inline`) and JSON-LD blocks import nothing.
 */
export function astroModules(file: string, text: string): [string, string][] {
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  // A self-closing <script … /> has no body (and must not run on to the next </script>).
  const scripts = [...text.matchAll(/<script(\s[^>]*?)?(?:\/>|>([\s\S]*?)<\/script>)/g)]
    .filter(([, attributes = '']) => !/\bis:inline\b|application\/ld\+json/.test(attributes))
    .map(([, , body = ''], index): [string, string] => [`${file}#script-${index + 1}`, body]);
  return [[file, frontmatter], ...scripts];
}

/**
 * Reads the modules matching `patterns` (globs relative to the repository root), tests left out.
 * Test helpers stay in, so an import of one from production code still resolves (and is seen).
 */
export function readModules(patterns: readonly string[]): Map<string, string> {
  const modules = new Map<string, string>();
  for (const file of globSync([...patterns], { cwd: repositoryRoot }).sort()) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const text = readFileSync(path.join(repositoryRoot, file), 'utf8');
    for (const [id, source] of file.endsWith('.astro') ? astroModules(file, text) : [[file, text] as const]) modules.set(id, source);
  }
  return modules;
}
