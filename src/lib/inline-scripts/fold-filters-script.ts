/**
 * The text of SearchFilters.astro's inline script, which folds the filters drawer on narrow
 * screens before it is painted (it runs as the page is read, right after the drawer). It
 * lives in a string so the Content-Security-Policy can allow exactly this text by its hash
 * (src/lib/server/inline-script-hashes.ts).
 */
export const FOLD_FILTERS_SCRIPT = "document.currentScript.previousElementSibling.open = !matchMedia('(max-width: 63.99rem)').matches;";
