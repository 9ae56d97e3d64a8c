/**
 * The keyboard rules of the city combobox (ARIA 1.2 combobox with a listbox popup), kept
 * apart from React so they are tested on their own.
 */

export type ComboboxKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

/**
 * The option that becomes active after `key`, from `active` (-1: none) among `count`
 * options. Down from the last and up from the first wrap around, as in the APG example.
 */
export function nextActive(active: number, key: ComboboxKey, count: number): number {
  if (count <= 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return active < 0 || active >= count - 1 ? 0 : active + 1;
    case 'ArrowUp':
      return active <= 0 ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
  }
}

/** The shortest text worth asking the cities service about. */
const CITY_QUERY_MIN = 2;

/** The search text to send, or null when it is too short to be useful. */
export function cityQuery(typed: string): string | null {
  const query = typed.trim().replace(/\s+/g, ' ');
  return query.length >= CITY_QUERY_MIN ? query.slice(0, 80) : null;
}

/** What the screen-reader status line says about the options shown. */
export function resultsAnnouncement(count: number, loading: boolean, query: string | null): string {
  if (query === null) return '';
  if (loading) return 'Searching cities…';
  if (count === 0) return 'No cities match. Try another spelling.';
  return `${count} ${count === 1 ? 'city' : 'cities'} found. Use the up and down arrows to choose.`;
}
