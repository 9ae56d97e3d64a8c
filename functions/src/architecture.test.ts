/**
 * The API worker's architecture as tests. Domain code is plain TypeScript: it loads neither the
 * HTTP layer nor a web framework at run time, however indirectly, so it is tested without HTTP.
 * The folders of functions/src do not depend on each other in a circle, nor the files of one
 * folder. Everything the product tells a member goes through one door (notifications/deliver.ts).
 * Runs in Node (the unit project): it reads the source tree from disk.
 */
import { describe, expect, it } from 'vitest';
import { fileCycles, folderCycles, forbiddenCalls, forbiddenImports, forbiddenReach } from '../../scripts/lib/architecture-rules';
import { buildModuleGraph } from '../../scripts/lib/module-graph';
import { isTestCode, readModules } from '../../scripts/lib/source-tree';

// functions/test holds the helpers that test-*.ts modules import; they are test code, read so those imports resolve.
const modules = readModules(['functions/src/**/*.ts', 'functions/test/**/*.ts']);
const graph = buildModuleGraph(modules);
const production = [...modules.keys()].filter((id) => !isTestCode(id));

/**
 * The HTTP layer: the app and worker entry, the shared HTTP and OpenAPI folders, and in each
 * folder the routes (`routes.ts`, `*-routes.ts`), their middleware (`guards.ts`), their OpenAPI
 * documents (`openapi.ts`) and their wire schemas (`schemas.ts`, written with zod-openapi).
 * Everything else under functions/src is domain code.
 */
const HTTP_LAYER = [/^functions\/src\/(http|openapi)\//, /^functions\/src\/(app|index)\.ts$/, /\/(routes|[\w-]+-routes|guards|openapi|schemas)\.ts$/];
const isHttpLayer = (id: string) => HTTP_LAYER.some((pattern) => pattern.test(id));
const domainModules = production.filter((id) => !isHttpLayer(id));

/** Packages that speak HTTP or render pages: Hono and its middleware, zod-openapi, Astro. */
const FRAMEWORKS = /^(hono|@hono\/[^/]+|astro|@astrojs\/[^/]+)(\/|$)|^astro:|zod-openapi|zod-to-openapi/;

/** The folder of functions/src a module belongs to (a file at the top is its own folder); test code belongs to none. */
function domainFolderOf(id: string): string | undefined {
  if (isTestCode(id) || !id.startsWith('functions/src/')) return undefined;
  return id.slice('functions/src/'.length).split('/')[0];
}

/**
 * The delivery door (docs/architecture.md "How a feature tells a member"): the modules below
 * it, which only the door's own folder imports, and who else may, with the reason.
 */
const BELOW_THE_DOOR = new Set([
  'functions/src/notifications/notify.ts',
  'functions/src/notifications/outbox.ts',
  'functions/src/notifications/push-notes.ts',
  'functions/src/push/send.ts',
]);
const MAY_GO_BELOW_THE_DOOR: Record<string, string> = {
  'functions/src/notifications/': 'the door and the parts it is made of',
  'functions/src/live/': 'the live object sends the web push of an event no open tab took (push/send.ts)',
  'functions/src/dev/seed-notifications.ts': 'the demo seed fills bells at fixed times and announces nothing',
};
const mayGoBelowTheDoor = (id: string) => Object.keys(MAY_GO_BELOW_THE_DOOR).some((prefix) => id.startsWith(prefix));

/**
 * The calls that tell a member something, on ports every domain's Deps carries (`live`,
 * `mailer`) or on the notifications object: only the door makes them, and the two modules
 * below it that store and announce (the object sends its own event before writing).
 */
const TELLS_A_MEMBER = /\b(live\.emit|live\.closeSessions|mailer\.send)\(|\.storeAndAnnounce\(/;
const MAY_TELL_A_MEMBER = new Set(['functions/src/notifications/deliver.ts', 'functions/src/notifications/notify.ts', 'functions/src/notifications/notifications-object.ts']);

/**
 * The Durable Objects index.ts exports, each as three files (docs/architecture.md "How to add a
 * per-member Durable Object"): `<folder>/<name>-object.ts`, the binding `<folder>/<name>-binding.ts`
 * beside it, and the port in ports/ the binding answers.
 */
const durableObjects = [...modules.get('functions/src/index.ts')!.matchAll(/^export \{ \w+ \} from '\.\/([\w/-]+)';$/gm)].map((match) => `functions/src/${match[1]}.ts`);
const isPort = (id: string) => id.startsWith('functions/src/ports/');

/** Production modules allowed past about 300 lines, each with the reason it stays one file. */
const LONG_MODULES: Record<string, string> = {
  'functions/src/db/schema.ts': 'the drizzle view of every table, which schema.test.ts compares column for column with the migrations',
  'functions/src/data-export/collect.ts': 'one read of every table a member has rows in, in one D1 batch, so the archive is one consistent moment',
  'functions/src/data-export/documents.ts': 'the archive file by file: each new table adds its document here, beside the others it must agree with',
  'functions/src/search/search-sql.ts': 'the FTS5 query and its filters built as one statement, the opted-out marker inside the MATCH (its query plan is tested)',
  'functions/src/office-hours/service.ts': 'every change of a session (book, answer, cancel, move, no-show) shares the host lookup, the slot check and the booking view',
};

describe('the API worker architecture', () => {
  it('reads the whole of functions/src and resolves every import', () => {
    expect(production.length).toBeGreaterThan(150);
    expect(domainModules.length).toBeGreaterThan(100);
    expect(new Set(production.map(domainFolderOf)).size).toBeGreaterThan(20);
    expect(graph.unresolved).toEqual([]);
  });

  it('keeps domain code off Hono, Astro, zod-openapi and the HTTP layer at run time, however indirectly', () => {
    expect(forbiddenReach(graph, domainModules, (id) => FRAMEWORKS.test(id) || isHttpLayer(id))).toEqual([]);
  });

  it('has no cycles between the folders of functions/src, counting type-only imports', () => {
    expect(folderCycles(graph, domainFolderOf)).toEqual([]);
  });

  it('has no cycles between the files of one folder, counting type-only imports', () => {
    expect(fileCycles(graph, (id) => !isTestCode(id))).toEqual([]);
  });

  it('sends every notification, live event, push and mail to a member through the delivery door', () => {
    expect(
      forbiddenImports(
        graph,
        (id) => production.includes(id) && !mayGoBelowTheDoor(id),
        (id) => BELOW_THE_DOOR.has(id),
      ),
    ).toEqual([]);
    const productionSources = new Map(production.map((id) => [id, modules.get(id)!]));
    expect(forbiddenCalls(productionSources, (id) => !MAY_TELL_A_MEMBER.has(id), TELLS_A_MEMBER)).toEqual([]);
  });

  it('gives every Durable Object the same three files: the object, its types-only port and its binding', () => {
    expect(durableObjects.length).toBeGreaterThanOrEqual(5);
    const misshapen = durableObjects.flatMap((object) => {
      const binding = object.replace(/-object\.ts$/, '-binding.ts');
      if (!object.endsWith('-object.ts')) return [`${object}: not named <name>-object.ts`];
      if (!modules.has(binding)) return [`${object}: no ${binding}`];
      return graph.edges.get(binding)!.some((edge) => isPort(edge.to)) ? [] : [`${binding}: answers no port of ports/`];
    });
    expect(misshapen).toEqual([]);
    // A port is types only and stands on other ports alone, so every folder (deps.ts too) may depend on it.
    expect(forbiddenImports(graph, isPort, (id) => !isPort(id))).toEqual([]);
    const loaded = [...graph.edges].filter(([id]) => isPort(id)).flatMap(([id, edges]) => edges.filter((edge) => edge.runtime).map((edge) => `${id} → ${edge.to}`));
    expect(loaded).toEqual([]);
  });

  it('keeps every production module under about 300 lines, or says why', () => {
    const long = production.filter((id) => modules.get(id)!.split('\n').length > 300 && !(id in LONG_MODULES));
    expect(long).toEqual([]);
  });
});
