// Serves the built app and API workers in one Miniflare instance: the local stack of
// `npm start` and of the browser tests (scripts/start.mjs spawns it).
//
// `wrangler dev` puts a proxy worker in a second workerd process in front of the app and
// forwards each request over a pooled loopback HTTP connection. That connection and the
// app's server both close an idle connection after 5 s, and a request written into one as
// both timers fire is lost: the proxy retries GET and HEAD, and answers any other method
// 500 "Error: Network connection lost." before the app sees it (docs/decisions.md, "The
// local stack serves through Miniflare"). Here the port belongs to the same workerd that
// runs the workers, so there is no such hop.
//
// Usage: node scripts/serve-local.mjs --host H --port P --inspector-port I --persist-to DIR --env-file FILE
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string' },
    'inspector-port': { type: 'string' },
    'persist-to': { type: 'string' },
    'env-file': { type: 'string' },
  },
});

/** The built workers, the app first: it takes the port's requests. */
const CONFIGS = ['dist/server/wrangler.json', 'dist/foundermesh_api/wrangler.json'];

/** KEY=value lines, as `.dev.vars` holds them. */
function readVars(file) {
  const vars = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) vars[match[1]] = match[2];
  }
  return vars;
}

const runVars = values['env-file'] ? readVars(values['env-file']) : {};

/** How wrangler's default rules load a built file, by its ending; other files are not modules. */
const MODULE_TYPES = [
  [/\.m?js$/, 'ESModule'],
  [/\.wasm$/, 'CompiledWasm'],
  [/\.(txt|html|sql)$/, 'Text'],
  [/\.bin$/, 'Data'],
];

/** Every module of a built worker, its entry first (as `no_bundle` with additional modules). */
function modulesOf(main) {
  const root = path.dirname(main);
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  const modules = [];
  for (const file of files) {
    const type = MODULE_TYPES.find(([pattern]) => pattern.test(file))?.[1];
    if (type) modules.push({ type, path: file });
  }
  return [...modules.filter((module) => module.path === main), ...modules.filter((module) => module.path !== main)];
}

function workerOf(configPath) {
  const config = JSON.parse(readFileSync(configPath, 'utf8'));
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(configPath);
  const { modulesRules: _rules, cronTriggers: _crons, ...options } = workerOptions;
  return {
    ...options,
    name: config.name,
    modules: modulesOf(main),
    modulesRoot: path.dirname(main),
    bindings: { ...options.bindings, ...runVars },
  };
}

// wrangler describes a worker in Miniflare 4's shape; the converter makes Miniflare 5's of it.
const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    host: values.host,
    port: Number(values.port),
    inspectorPort: values['inspector-port'] ? Number(values['inspector-port']) : undefined,
    resourcePersistencePath: values['persist-to'] ? path.resolve(values['persist-to'], 'v3') : undefined,
    // No request to the internet for the `cf` object of requests.
    cf: false,
    // The scheduled handler answers /cdn-cgi/handler/scheduled, as with `wrangler dev`.
    unsafeTriggerHandlers: true,
    log: new Log(LogLevel.INFO),
    workers: CONFIGS.map(workerOf),
  }),
);

const url = await miniflare.ready;
console.log(`• serving the app and API workers at ${url.origin}`);

async function stop() {
  await miniflare.dispose().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
