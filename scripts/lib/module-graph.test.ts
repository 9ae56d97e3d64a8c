import { describe, expect, it } from 'vitest';
import { buildModuleGraph, importsOf, resolveImport, runtimeReach } from './module-graph';

describe('importsOf', () => {
  it('reads static imports, re-exports and dynamic imports as loaded at run time', () => {
    const source = [
      "import a from './a';",
      "import * as b from './b';",
      "import './c';",
      "export { d } from './d';",
      "export * from './e';",
      'const f = () => import("./f");',
      'import {',
      '  g,',
      '  h,',
      "} from './g';",
    ].join('\n');
    expect(importsOf('x.ts', source)).toEqual(['./a', './b', './c', './d', './e', './f', './g'].map((specifier) => ({ specifier, runtime: true })));
  });

  it('erases only whole type-only declarations and import() types, as verbatimModuleSyntax does', () => {
    const source = [
      "import type { A } from './a';",
      "export type { B } from './b';",
      "import { type C } from './c';",
      "export { type D } from './d';",
      "let e: import('./e').E;",
      "let f: typeof import('./f');",
    ].join('\n');
    expect(importsOf('x.ts', source)).toEqual([
      { specifier: './a', runtime: false },
      { specifier: './b', runtime: false },
      { specifier: './c', runtime: true },
      { specifier: './d', runtime: true },
      { specifier: './e', runtime: false },
      { specifier: './f', runtime: false },
    ]);
  });

  it('ignores imports written in comments and strings, and reads JSX files', () => {
    const source = [
      "// import x from 'hono';",
      "/* import('hono') */",
      'const text = "import y from \'hono\'";',
      "import { z } from './z';",
      'export const View = () => <div>{z}</div>;',
    ].join('\n');
    expect(importsOf('x.tsx', source)).toEqual([{ specifier: './z', runtime: true }]);
  });

  it('names a dynamic import of a computed path, which no rule could follow', () => {
    expect(importsOf('x.ts', 'const name = "./a"; await import(name);')).toEqual([{ specifier: '<computed>', runtime: true }]);
  });
});

describe('resolveImport', () => {
  const modules = new Set(['src/a.ts', 'src/ui/View.tsx', 'src/ui/index.ts', 'api/users/roles.ts', 'src/Page.astro']);

  it('finds relative imports with or without an extension, and folder indexes', () => {
    expect(resolveImport('src/ui/View.tsx', '../a', modules)).toEqual({ to: 'src/a.ts', kind: 'module' });
    expect(resolveImport('src/a.ts', './a.js', modules)).toEqual({ to: 'src/a.ts', kind: 'module' });
    expect(resolveImport('src/a.ts', './ui', modules)).toEqual({ to: 'src/ui/index.ts', kind: 'module' });
    expect(resolveImport('src/a.ts', './ui/View', modules)).toEqual({ to: 'src/ui/View.tsx', kind: 'module' });
  });

  it("resolves an .astro file's script from the file's folder", () => {
    expect(resolveImport('src/ui/Card.astro#script-1', '../a', modules)).toEqual({ to: 'src/a.ts', kind: 'module' });
  });

  it('follows aliases, and takes bare names for packages', () => {
    expect(resolveImport('src/a.ts', '@api/users/roles', modules, { '@api/': 'api/' })).toEqual({ to: 'api/users/roles.ts', kind: 'module' });
    expect(resolveImport('src/a.ts', 'hono/jwt', modules)).toEqual({ to: 'hono/jwt', kind: 'package' });
    expect(resolveImport('src/a.ts', 'astro:transitions/client', modules)).toEqual({ to: 'astro:transitions/client', kind: 'package' });
  });

  it('takes data files and ?raw imports as assets, and answers undefined for a path nothing answers', () => {
    expect(resolveImport('src/a.ts', './styles.css', modules)).toEqual({ to: 'src/styles.css', kind: 'asset' });
    expect(resolveImport('src/a.ts', './a.ts?raw', modules)).toEqual({ to: 'src/a.ts', kind: 'asset' });
    expect(resolveImport('src/a.ts', './missing', modules)).toBeUndefined();
  });
});

describe('buildModuleGraph and runtimeReach', () => {
  const graph = buildModuleGraph(
    new Map([
      ['src/entry.ts', "import { b } from './b';\nimport type { T } from './typed';\nexport const a = b;"],
      ['src/b.ts', "export { c as b } from './c';"],
      ['src/c.ts', "import { z } from 'zod';\nexport const c = z;"],
      ['src/typed.ts', "import { Hono } from 'hono';\nexport type T = Hono;"],
      ['src/broken.ts', "import './gone';"],
    ]),
  );

  it('records every import with where it leads, and the imports that lead nowhere', () => {
    expect(graph.edges.get('src/entry.ts')).toEqual([
      { to: 'src/b.ts', kind: 'module', runtime: true },
      { to: 'src/typed.ts', kind: 'module', runtime: false },
    ]);
    expect(graph.unresolved).toEqual([{ from: 'src/broken.ts', specifier: './gone' }]);
  });

  it('reaches through runtime imports only, with the shortest chain to each module and package', () => {
    const reach = runtimeReach(graph, ['src/entry.ts']);
    expect([...reach.keys()]).toEqual(['src/entry.ts', 'src/b.ts', 'src/c.ts', 'zod']);
    expect(reach.get('zod')).toEqual(['src/entry.ts', 'src/b.ts', 'src/c.ts', 'zod']);
  });

  it('reports a module where the walk is told to stop, without entering it', () => {
    const reach = runtimeReach(graph, ['src/entry.ts'], (id) => id === 'src/c.ts');
    expect([...reach.keys()]).toEqual(['src/entry.ts', 'src/b.ts', 'src/c.ts']);
  });
});
