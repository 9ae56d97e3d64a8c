/**
 * The filters form of a search screen, read and written in the browser: the filters its
 * controls hold, and the controls set to other filters (after a chip is removed, or Back).
 */
import type { SearchScreen } from './facets';
import { activeFilterCount, parseFilters, type SearchFilters } from './query';

/** The event the city filter sends its form when a city is chosen or cleared; `detail` is the id, or null. */
export const SEARCH_CITY_EVENT = 'search-city';

/** The filters the form's controls hold (the words field belongs to it through its `form` attribute). */
export function formFilters(form: HTMLFormElement, screen: SearchScreen): SearchFilters {
  // The form holds text fields only: every value is a string.
  return parseFilters(screen, new URLSearchParams(new FormData(form) as unknown as string[][]));
}

/** Sets the form's words, checkboxes and radio buttons to `filters` (the city picker follows the store itself). */
export function fillForm(form: HTMLFormElement, screen: SearchScreen, filters: SearchFilters): void {
  const words = form.elements.namedItem('q');
  if (words instanceof HTMLInputElement) words.value = filters.q;
  for (const facet of screen.facets) {
    const chosen = filters.values[facet.key] ?? [];
    for (const input of form.querySelectorAll<HTMLInputElement>(`input[name="${facet.key}"]`)) {
      input.checked = input.type === 'radio' ? input.value === (chosen[0] ?? '') : chosen.includes(input.value);
    }
  }
  // A folded list with a chosen value opens, as it does when rendered on the server.
  for (const fold of form.querySelectorAll<HTMLDetailsElement>('details.facet-fold')) {
    if (fold.querySelector('input:checked')) fold.open = true;
  }
}

/** The drawer's count of filters in use (the words are not among them: they sit above the results). */
export function drawerCount(filters: SearchFilters): number {
  return activeFilterCount({ ...filters, q: '' });
}
