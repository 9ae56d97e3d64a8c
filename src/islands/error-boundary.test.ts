/**
 * docs/product.md#error-screen: every island is wrapped in the error boundary, so one that breaks shows the
 * fallback instead of taking the page down. This lists every component an .astro file
 * hydrates (`client:load`, `client:idle`, …), follows its import to the module, and checks
 * that the module's default export is `withErrorBoundary(…)`: a new island can't miss it.
 */
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveImport } from '../../scripts/lib/module-graph';

const root = path.resolve(import.meta.dirname, '../..');

interface IslandUse {
  /** The .astro file that hydrates the component. */
  page: string;
  component: string;
  /** The island's module (repository-relative), or the import as written when it did not resolve. */
  module: string;
}

/** The components an .astro file hydrates with a `client:*` directive, and where each is imported from. */
function islandsOf(page: string, text: string, modules: ReadonlySet<string>): IslandUse[] {
  const components = new Set([...text.matchAll(/<([A-Z][\w.]*)\b[^>]*?\sclient:[a-z]+/g)].map(([, name]) => name!));
  return [...components].map((component) => {
    const specifier = new RegExp(`import\\s+${component}\\s*(?:,\\s*\\{[^}]*\\})?\\s+from\\s+['"]([^'"]+)['"]`).exec(text)?.[1] ?? `(no default import of ${component})`;
    return { page, component, module: resolveImport(page, specifier, modules)?.to ?? specifier };
  });
}

/** Whether a module's default export is the component wrapped in the error boundary. */
function exportsWrapped(source: string): boolean {
  return /^export default withErrorBoundary\(\w+\);?$/m.test(source);
}

const astroFiles = globSync('src/**/*.astro', { cwd: root }).sort();
const islandModules = new Set(globSync('src/islands/**/*.{ts,tsx}', { cwd: root }));
const islands = astroFiles.flatMap((file) => islandsOf(file, readFileSync(path.join(root, file), 'utf8'), islandModules));

describe('the error boundary', () => {
  it('finds the islands the pages hydrate', () => {
    expect(islands.map(({ component }) => component)).toEqual(
      expect.arrayContaining(['FeedScreen', 'NotificationBell', 'NotificationsScreen', 'SearchResults', 'SearchCityPicker']),
    );
  });

  it('wraps every island the pages hydrate', () => {
    const unwrapped = islands.filter(({ module }) => !islandModules.has(module) || !exportsWrapped(readFileSync(path.join(root, module), 'utf8')));
    expect(unwrapped.map(({ page, component, module }) => `${page}: <${component} client:*> from ${module}`)).toEqual([]);
  });

  it('catches an unwrapped island, and one imported without its default export', () => {
    const modules = new Set(['src/islands/x/Plain.tsx']);
    const page =
      "---\nimport Plain from '../islands/x/Plain';\nimport { Named } from '../islands/x/Plain';\n---\n<Plain client:idle a={1} />\n<Named\n  client:load />\n<Static />";
    expect(islandsOf('src/pages/x.astro', page, modules)).toEqual([
      { page: 'src/pages/x.astro', component: 'Plain', module: 'src/islands/x/Plain.tsx' },
      { page: 'src/pages/x.astro', component: 'Named', module: '(no default import of Named)' },
    ]);
    expect(exportsWrapped('export default function Plain() {}')).toBe(false);
    expect(exportsWrapped('function Plain() {}\nexport default withErrorBoundary(Plain);')).toBe(true);
  });
});
