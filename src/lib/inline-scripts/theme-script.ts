/**
 * The theme script's text, run inline by ThemeScript.astro before first paint. It lives in
 * a string so the Content-Security-Policy can allow exactly this text by its hash
 * (src/lib/server/inline-script-hashes.ts). Plain browser JavaScript, no imports: it is not bundled.
 */
export const THEME_SCRIPT = `(() => {
  function stored() {
    try {
      return localStorage.getItem('theme') === 'light' ? 'light' : 'dark';
    } catch {
      return 'dark';
    }
  }
  function apply(doc) {
    doc.documentElement.setAttribute('data-theme', stored());
    doc.documentElement.setAttribute('data-js', '');
  }
  apply(document);
  if (!window.__fmTheme) {
    window.__fmTheme = true;
    document.addEventListener('astro:before-swap', (event) => {
      apply(event.newDocument);
    });
    document.addEventListener('astro:after-swap', () => {
      apply(document);
    });
  }
})();`;
