// `npm run lint:openapi`: Redocly's recommended rules (redocly.yaml) over the API's OpenAPI
// document built from the code (scripts/lib/openapi-document.mjs), with no worker started.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument } from './lib/openapi-document.mjs';
import { root, runBin } from './lib/run.mjs';

const folder = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
const file = path.join(folder, 'openapi.json');
try {
  writeFileSync(file, JSON.stringify(await buildOpenApiDocument(), null, 2));
  runBin('@redocly/cli', ['lint', '--config', path.join(root, 'redocly.yaml'), '--format', 'summary', file], {
    bin: 'redocly',
    // Nothing leaves the machine: no usage report, no check for a newer version.
    env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
