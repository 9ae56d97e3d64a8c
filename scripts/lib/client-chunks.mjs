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
