/**
 * The app worker's architecture as tests: code that runs in the browser stays off server
 * modules. From the islands, the components' bundled `<script>`s and the browser side of
 * src/lib, what loads at run time may reach the API worker's source only in functions/src/shared/
 * (vocabulary, limits, roles, messages: constants and pure functions), which imports nothing
 * outside itself; everything else of the API is `import type` only. Types are erased, so they
 * cost the page nothing.
 *
 * Inside src/, lib/ is the bottom layer: it imports no component, island, layout or page; the
 * files of one folder import each other in no circle; islands stay small. The repository's
 * tools: scripts/ (which `npm start`, `npm test` and `npm run deploy` run) imports nothing of
 * bench/, and bench files stay readable.
 */
import { describe, expect, it } from 'vitest';
import { fileCycles, forbiddenImports, forbiddenReach } from '../scripts/lib/architecture-rules';
import { buildModuleGraph } from '../scripts/lib/module-graph';
import { isTestCode, readModules } from '../scripts/lib/source-tree';

const modules = readModules(['src/**/*.{ts,tsx,astro}', 'functions/src/**/*.ts', 'functions/test/**/*.ts']);
const graph = buildModuleGraph(modules, { '@api/': 'functions/src/' });

/**
 * App modules that run only on the server: the pages, the middleware, the worker entry, and
 * src/lib's server side (src/lib/server, each area's server.ts, and the few server-side
 * modules that live beside the browser code of their area).
 */
const APP_SERVER = [
  /^src\/pages\//,
  /^src\/(middleware|worker)\.ts$/,
  /^src\/lib\/server\//,
  /^src\/lib\/.*\/server\.ts$/,
  /^src\/lib\/(feed\/feed-page|session\/sign-in|session\/viewer)\.ts$/,
];

/**
 * Modules that load in the browser: the islands, the components' bundled scripts and their
 * helpers, and every module of src/lib that is not server-side (so a helper written for the
 * browser is checked before an island first imports it).
 */
const browserEntries = [...modules.keys()].filter(
  (id) =>
    !isTestCode(id) &&
    (/^src\/islands\//.test(id) || /^src\/components\/.*(\.ts|#script-\d+)$/.test(id) || (/^src\/lib\//.test(id) && !APP_SERVER.some((pattern) => pattern.test(id)))),
);

/** The one folder of the API that browser code may load at run time. */
const SHARED = 'functions/src/shared/';

/**
 * Packages that only the server may load: the API's frameworks, the database, zod (about 100 KB
 * gzipped), Astro's server side and the runtimes' own modules. Hono's typed client and Astro's
 * client modules (`astro:transitions/client`) are written for the browser.
 */
const SERVER_PACKAGES = /^(hono|@hono\/[^/]+|drizzle-orm|zod|astro|@astrojs\/[^/]+)(\/|$)|^(cloudflare|node|astro):/;
const BROWSER_PACKAGES = /^hono\/client$|^astro:[\w/-]*\/client$/;

/** Whether browser code may not load `id` at run time. */
function isServerOnly(id: string): boolean {
  if (id.startsWith('functions/')) return !id.startsWith(SHARED);
  if (id.startsWith('src/')) return APP_SERVER.some((pattern) => pattern.test(id));
  return SERVER_PACKAGES.test(id) && !BROWSER_PACKAGES.test(id);
}

describe('browser code', () => {
  it('is found in the islands, the components and src/lib, with every import resolved', () => {
    expect(browserEntries.filter((id) => id.startsWith('src/islands/')).length).toBeGreaterThan(50);
    expect(browserEntries.filter((id) => id.startsWith('src/lib/')).length).toBeGreaterThan(80);
    expect(browserEntries.filter((id) => id.includes('#script-')).length).toBeGreaterThan(3);
    expect(graph.unresolved).toEqual([]);
    expect([...modules.keys()].filter((id) => id.startsWith(SHARED) && !isTestCode(id)).length).toBeGreaterThan(5);
  });

  it(`reaches the API source only through ${SHARED}, and no server package, however indirectly`, () => {
    expect(forbiddenReach(graph, browserEntries, isServerOnly)).toEqual([]);
  });

  it(`may trust ${SHARED}: it imports nothing outside itself, type-only imports and packages included`, () => {
    expect(
      forbiddenImports(
        graph,
        (id) => id.startsWith(SHARED) && !isTestCode(id),
        (id) => !id.startsWith(SHARED),
      ),
    ).toEqual([]);
  });
});

describe('the app worker source', () => {
  it('keeps every src/lib and src/islands module under about 300 lines', () => {
    expect(longerThan(modules, /^src\/(lib|islands)\//, 300)).toEqual([]);
  });

  it('keeps src/lib below the components, islands, layouts and pages, type-only imports included', () => {
    const production = (id: string) => id.startsWith('src/lib/') && !isTestCode(id);
    expect(forbiddenImports(graph, production, (id) => /^src\/(components|islands|layouts|pages)\//.test(id))).toEqual([]);
  });

  it('has no cycles between the files of one folder, counting type-only imports', () => {
    expect(fileCycles(graph, (id) => id.startsWith('src/') && !isTestCode(id))).toEqual([]);
  });
});

const tools = readModules(['scripts/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs}', 'functions/src/**/*.ts', 'functions/test/**/*.ts']);
const toolsGraph = buildModuleGraph(tools);

/** Bench files allowed past BENCH_LINES, each with the reason and the most it may have. */
const LONG_BENCH: Record<string, { lines: number; reason: string }> = {
  'bench/scale/generate.mjs': { lines: 720, reason: 'one pass that writes every table of a scale state in foreign-key order, read top to bottom' },
};
const BENCH_LINES = 450;
/** Tools that import a bundle esbuild just wrote (of API code), by its computed address. */
const BUNDLE_IMPORTERS = new Set([
  'bench/digest-producer.mjs',
  'bench/scale/fanout.mjs',
  'bench/share-cards-phases.mjs',
  'scripts/lib/oauth-stand-in.mjs',
  'scripts/lib/openapi-document.mjs',
]);

describe('the tools', () => {
  it('are read with every import resolved but the bundles esbuild builds for them', () => {
    expect([...tools.keys()].filter((id) => id.startsWith('bench/')).length).toBeGreaterThan(40);
    expect(toolsGraph.unresolved.filter(({ from, specifier }) => !(specifier === '<computed>' && BUNDLE_IMPORTERS.has(from)))).toEqual([]);
  });

  it('keep scripts/ (start, test, deploy) off bench/', () => {
    expect(
      forbiddenImports(
        toolsGraph,
        (id) => id.startsWith('scripts/') && !isTestCode(id),
        (id) => id.startsWith('bench/'),
      ),
    ).toEqual([]);
  });

  it(`keep every bench file under ${BENCH_LINES} lines, or under its own stated limit`, () => {
    const long = [...tools].filter(([id, source]) => id.startsWith('bench/') && source.split('\n').length > (LONG_BENCH[id]?.lines ?? BENCH_LINES)).map(([id]) => id);
    expect(long).toEqual([]);
  });
});

/** Production modules matching `where` that are longer than `lines`. */
function longerThan(sources: ReadonlyMap<string, string>, where: RegExp, lines: number): string[] {
  return [...sources].filter(([id, source]) => where.test(id) && !isTestCode(id) && source.split('\n').length > lines).map(([id]) => id);
}
