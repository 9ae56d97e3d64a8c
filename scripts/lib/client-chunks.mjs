// How the browser bundle is cut into files (rolldown's output.codeSplitting, used by
// astro.config.mjs for the client build). Left to itself, rolldown makes one chunk for each
// set of entries that shares a module, and a member's feed fetched 43 files for 125 KB. Here
// the code pages share is put in a few named files, by who needs it first:
//   react   React, React DOM, the island renderer and the stores' React binding;
//   shell   what every page's shell script needs (signed-out pages too: keep it small);
//   member  what the member's shell adds (live updates, the notification bell);
//   feed    everything else the feed's first load needs (the screen members see most),
//           so it comes in one file; another screen sharing a part of it loads it too.
// The rest is left to rolldown; the feed's rarely used parts are loaded when first shown
// (src/islands/feed/lazy.tsx). tests/e2e/feed-first-load.spec.ts holds the feed to its budget.

const REACT = /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|nanostores|@nanostores[\\/]react)[\\/]/;

/** The feed's island. */
const FEED_ENTRY = /[\\/]FeedScreen\.tsx$/;

/**
 * The shell's script: every page loads it (src/layouts/Base.astro). Not ClientRouter's: its
 * script takes over links and forms, and only pages that render <ClientRouter /> may run it;
 * in the shell's file it ran on every page and turned other pages' POST forms into GETs.
 */
const SHELL_ENTRY = /Base\.astro\?astro&type=script/;
/** What a member's pages add to the shell. */
const MEMBER_ENTRY = /LiveUpdates\.astro\?astro&type=script|[\\/]NotificationBell\.tsx$/;
const CSS = /\.css($|\?)/;
/**
 * Vite's helper for lazily loaded parts (it preloads their files). Any page's script may load
 * a part lazily (the chat port does, on signed-out pages too), so it goes in the shell's file:
 * left to rolldown it landed in the member shell's file, whose script then ran on the pages
 * of whatever imported the helper.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/** The entry modules that reach `id` through static imports (a walk up the importers; import cycles are fine). */
function entriesOf(id, ctx) {
  const found = new Set();
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length > 0) {
    const info = ctx.getModuleInfo(queue.shift());
    if (!info) continue;
    if (info.isEntry) found.add(info.id);
    for (const importer of info.importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return found;
}

/** Which shared file a module belongs in, or null: see the top of this file. */
function placeOf(id, ctx) {
  // No CSS in a group, nor a component importing it: Astro moves island CSS into the page's and
  // deletes the client's file, which a lazily loaded part importing from the group would then
  // try to preload, and fail.
  if (id === PRELOAD_HELPER) return 'shell';
  const info = ctx.getModuleInfo(id);
  if (CSS.test(id) || info?.importedIds.some((imported) => CSS.test(imported))) return null;
  const entries = [...entriesOf(id, ctx)];
  if (entries.some((entry) => SHELL_ENTRY.test(entry))) return 'shell';
  if (entries.some((entry) => MEMBER_ENTRY.test(entry))) return 'member';
  if (entries.some((entry) => FEED_ENTRY.test(entry))) return 'feed';
  return null;
}

/**
 * rolldown `output.codeSplitting` options for the client build. One group per file, the
 * earlier first (a group takes its modules' imports along, so the shell must choose first).
 */
export function clientCodeSplitting() {
  const group = (name, priority) => ({ name: (id, ctx) => (!REACT.test(id) && placeOf(id, ctx) === name ? name : null), priority });
  return {
    groups: [{ name: 'react', test: REACT, priority: 4 }, group('shell', 3), group('member', 2), group('feed', 1)],
  };
}

/** Files every page has loaded before its code imports anything lazily: the shell's, React's, the bundler's runtime; a member's shell. */
const ALWAYS_LOADED = /(^|\/)(react|rolldown-runtime|Base\.astro_astro_type_script_index_0_lang|LiveUpdates\.astro_astro_type_script_index_0_lang)\.[\w-]+\.js$/;

/**
 * A Vite plugin setting the client build's `build.modulePreload` (Astro fixes the option for
 * all builds, so a plugin sets it for the client's). A lazily loaded part comes with the list
 * of files to preload beside it, written into the file that imports it; the files every page
 * already has are left off those lists (preloading them does nothing), which took about 0.6 KB
 * of file names out of the feed's first load.
 */
export function clientModulePreload() {
  return {
    name: 'foundermesh:client-module-preload',
    configEnvironment(name) {
      if (name !== 'client') return undefined;
      return { build: { modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)) } } };
    },
  };
}
