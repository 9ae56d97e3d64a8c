// Small process helpers shared by the start, test and deploy scripts.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
export const root = path.resolve(import.meta.dirname, '../..');

/** Absolute path of an installed package's command-line entry, run on this script's Node (24). */
export function binPath(pkg, bin = pkg) {
  const manifestPath = require.resolve(`${pkg}/package.json`, { paths: [root] });
  const manifest = require(manifestPath);
  const entry = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[bin];
  return path.join(path.dirname(manifestPath), entry);
}

const quietEnv = { ASTRO_TELEMETRY_DISABLED: '1', WRANGLER_SEND_METRICS: 'false' };

/** Runs a package's command to completion; throws when it fails. */
export function runBin(pkg, args, options = {}) {
  const result = spawnSync(process.execPath, [binPath(pkg, options.bin), ...args], {
    cwd: root,
    stdio: options.quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, ...quietEnv, ...options.env },
  });
  if (result.status !== 0) {
    if (options.quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`${pkg} ${args.join(' ')} exited with ${result.status}`);
  }
  return result.stdout ?? '';
}

/** Runs one of package.json's scripts (`npm run <name>`) to completion; throws when it fails. */
export function runScript(name) {
  const result = spawnSync('npm', ['run', '--silent', name], { cwd: root, stdio: 'inherit', env: { ...process.env, ...quietEnv } });
  if (result.status !== 0) throw new Error(`npm run ${name} exited with ${result.status}`);
}

/** Starts a package's command in the background; the caller owns the child. */
export function spawnBin(pkg, args, options = {}) {
  return spawn(process.execPath, [binPath(pkg, options.bin), ...args], {
    cwd: root,
    stdio: options.stdio ?? 'inherit',
    env: { ...process.env, ...quietEnv, ...options.env },
  });
}

/** Like spawnBin, with the command's output discarded (benchmarks print their own). */
export function runBinBackground(pkg, args, options = {}) {
  return spawnBin(pkg, args, { ...options, stdio: 'ignore' });
}

/** Polls a URL until it answers, or fails after `timeoutMs`. */
export async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return response;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
