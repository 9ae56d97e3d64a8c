/**
 * The active filters of a search as removable chips: each chip names one filter and links
 * to the same search without it (back on page 1, as the results change).
 */
import type { SearchScreen } from './facets';
import { searchHref, withoutFilter, type SearchFilters } from './query';

export interface FilterChip {
  /** What the chip reads: 'Engineering', 'Idea stage: A prototype', '“pricing”'. */
  label: string;
  /** The search without this filter. */
  href: string;
}

/** A city chip's words when its name could not be found. */
export const UNKNOWN_CITY_LABEL = 'Chosen city';

/** One chip per active filter, in the order of the form: words, facets, city. */
export function filterChips(screen: SearchScreen, filters: SearchFilters, cityLabel: string | null): FilterChip[] {
  const chips: FilterChip[] = [];
  const href = (key: string, value?: string) => searchHref(screen, withoutFilter(filters, key, value));
  if (filters.q) chips.push({ label: `“${filters.q}”`, href: href('q') });
  for (const facet of screen.facets) {
    for (const value of filters.values[facet.key] ?? []) {
      const label = facet.kind === 'flag' ? facet.label : facet.kind === 'single' ? `${facet.legend}: ${facet.options[value]}` : facet.options[value]!;
      chips.push({ label, href: href(facet.key, value) });
    }
  }
  if (filters.city !== null) chips.push({ label: cityLabel ?? UNKNOWN_CITY_LABEL, href: href('city') });
  return chips;
}
