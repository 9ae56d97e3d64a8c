/**
 * The theme toggle: flips html[data-theme] and stores the choice under `theme` (docs/product.md#theme).
 * Delegated from document so it survives client-side navigations without re-binding.
 */
export type Theme = 'dark' | 'light';

/** The theme the page currently shows. */
function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

/** Shows and stores a theme. */
function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem('theme', theme);
  } catch {
    // Private modes may refuse storage: the theme still applies to this page.
  }
}

export function initThemeToggle(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('[data-theme-toggle]');
    if (!button) return;
    setTheme(currentTheme() === 'dark' ? 'light' : 'dark');
  });
}
