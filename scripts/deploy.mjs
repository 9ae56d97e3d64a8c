// `npm run deploy`: build, migrate the remote D1 database, load the world cities into it (once
// per data version), create the queues the API worker uses if missing, deploy the API worker,
// then the app worker.
// Needs `wrangler login` (or CLOUDFLARE_API_TOKEN) and the resources of docs/operations.md#first-deploy-to-cloudflare.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CITIES_VERSION, loadRemoteCities } from './cities.mjs';
import { root, runBin } from './lib/run.mjs';

const apiConfig = path.join(root, 'dist/foundermesh_api/wrangler.json');

function patchDatabaseId() {
  const databaseId = process.env.D1_DATABASE_ID;
  const config = JSON.parse(readFileSync(apiConfig, 'utf8'));
  const database = config.d1_databases.find((db) => db.binding === 'DB');
  if (databaseId) database.database_id = databaseId;
  if (/^0{8}-/.test(database.database_id)) {
    throw new Error('Set D1_DATABASE_ID (from `npx wrangler d1 create foundermesh`) or put the id in functions/wrangler.toml.');
  }
  writeFileSync(apiConfig, JSON.stringify(config));
  return database.database_id;
}

/** Creates the queues the API worker sends to or consumes (the digest queue) that the account lacks. */
function ensureQueues() {
  const { queues = {} } = JSON.parse(readFileSync(apiConfig, 'utf8'));
  const names = new Set([...(queues.producers ?? []), ...(queues.consumers ?? [])].map((queue) => queue.queue));
  for (const name of names) {
    try {
      runBin('wrangler', ['queues', 'info', name, '-c', apiConfig], { quiet: true });
      console.log(`  queue ${name} is there`);
    } catch {
      console.log(`  creating queue ${name}`);
      runBin('wrangler', ['queues', 'create', name, '-c', apiConfig]);
    }
  }
}

console.log('• building');
runBin('astro', ['build']);
patchDatabaseId();
console.log('• applying D1 migrations to the remote database');
runBin('wrangler', ['d1', 'migrations', 'apply', 'DB', '--remote', '-c', apiConfig]);
console.log('• loading the world cities into the remote database');
const cities = loadRemoteCities(apiConfig);
console.log(cities.skipped ? `  already there: ${CITIES_VERSION}` : `  ${cities.rows.toLocaleString('en')} cities loaded`);
console.log('• making sure the queues exist');
ensureQueues();
console.log('• deploying the API worker');
runBin('wrangler', ['deploy', '-c', apiConfig]);
console.log('• deploying the app worker');
runBin('wrangler', ['deploy', '-c', path.join(root, 'dist/server/wrangler.json')]);
console.log('\nDeployed.');
