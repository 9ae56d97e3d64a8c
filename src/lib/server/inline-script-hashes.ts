/**
 * The `'sha256-…'` sources of every inline script a page may run: Astro's island loader and
 * hydration directives (written into pages that hold islands), the shell's theme script and
 * the search filters' fold. The app's bundled scripts are never inlined (astro.config.mjs).
 * The set is the same on every page on purpose: the client router runs the inline scripts of
 * each page it swaps in under the policy of the first page, so the policy must allow all of
 * them (a per-page nonce would refuse them). JSON-LD blocks are data, not scripts, and need none.
 */
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import islandScriptDev from 'astro/runtime/server/astro-island.prebuilt-dev.js';
import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import mediaDirective from 'astro/runtime/client/media.prebuilt.js';
import onlyDirective from 'astro/runtime/client/only.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';
import { FOLD_FILTERS_SCRIPT } from '../inline-scripts/fold-filters-script';
import { THEME_SCRIPT } from '../inline-scripts/theme-script';

// The development server writes the loader's unminified build (npm run dev).
const INLINE_SCRIPTS = [islandScript, islandScriptDev, idleDirective, loadDirective, mediaDirective, onlyDirective, visibleDirective, THEME_SCRIPT, FOLD_FILTERS_SCRIPT];

/** The CSP source for one inline script's exact text. */
export async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

let hashes: Promise<string[]> | undefined;

/** The sources of all inline scripts, computed once per worker. */
export function inlineScriptHashes(): Promise<string[]> {
  hashes ??= Promise.all(INLINE_SCRIPTS.map(sha256Source));
  return hashes;
}
