// `npm test`: the type checks, the linter and every test. Installs what it needs first: the npm
// packages when node_modules is missing, and Debian's Chromium when /usr/bin/chromium is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

if (!existsSync(path.join(root, 'node_modules/.bin/vitest'))) {
  console.log('• installing the npm packages (npm ci)');
  const install = spawnSync('npm', ['ci'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
  // Start again through npm so the run uses Node 24 from the `node` devDependency.
  const again = spawnSync('npm', ['test'], { cwd: root, stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

const { ensureChromium } = await import('./lib/chromium.mjs');
const { checkNodeVersion } = await import('./lib/node-version.mjs');

// The suite runs on the Node of the `node` devDependency (npm puts it first on the PATH); it must satisfy `engines`.
checkNodeVersion();
const { runBin, runScript } = await import('./lib/run.mjs');

// The checks come first and run through package.json's scripts, so `npm run typecheck` and
// `npm run lint` mean the same on their own. A failed step does not stop the later ones.
const steps = [
  ['type checks (astro check, tsc for the API worker)', () => runScript('typecheck')],
  ['lint (Biome)', () => runScript('lint')],
  ['OpenAPI lint (Redocly, recommended rules)', () => runScript('lint:openapi')],
  ['unit and API tests (vitest: Node and workerd)', () => runBin('vitest', ['run'])],
  ['browser tests (Playwright in Chromium)', () => runBin('@playwright/test', ['test'], { bin: 'playwright' })],
];

ensureChromium();
const failed = [];
for (const [name, step] of steps) {
  console.log(`\n• ${name}`);
  try {
    step();
  } catch (error) {
    console.error(error.message);
    failed.push(name);
  }
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll tests passed.');
