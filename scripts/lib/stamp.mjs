// Change detection by file listing, so a second start skips work that is already done.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './run.mjs';

function* walk(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  const stats = statSync(full);
  if (stats.isFile()) {
    yield `${entry}:${stats.size}:${stats.mtimeMs}`;
    return;
  }
  for (const child of readdirSync(full).sort()) yield* walk(path.join(entry, child));
}

/** A hash of the names, sizes and modification times of everything under `entries`. */
export function fingerprint(entries) {
  const hash = createHash('sha256');
  for (const entry of entries) for (const line of walk(entry)) hash.update(`${line}\n`);
  return hash.digest('hex');
}

/** Whether `stampFile` already records `value`. */
export function isStamped(stampFile, value) {
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8') === value;
}

export function writeStamp(stampFile, value) {
  writeFileSync(stampFile, value);
}
