// The Node running the scripts against package.json's `engines.node` (a `>=major.minor` floor).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './run.mjs';

/** Whether `version` (`v24.21.0`) is at or above `floor` (`22.12`). */
export function satisfiesFloor(version, floor) {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const want = floor.split('.').map(Number);
  for (let index = 0; index < want.length; index++) {
    if ((have[index] ?? 0) !== want[index]) return (have[index] ?? 0) > want[index];
  }
  return true;
}

/** The floor of package.json's `engines.node`, which must read `>=major.minor[.patch]`. */
export function engineFloor() {
  const range = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
  const match = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range);
  if (!match) throw new Error(`engines.node must read ">=major.minor", not "${range}"`);
  return match[1];
}

/** Stops the run when this Node is older than `engines.node` allows. */
export function checkNodeVersion() {
  const floor = engineFloor();
  if (!satisfiesFloor(process.version, floor)) {
    console.error(`Node ${process.version} is older than package.json's engines.node (>=${floor}): run through npm, which uses the node devDependency.`);
    process.exit(1);
  }
}
