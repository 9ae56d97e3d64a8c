/** The active filters as chips; each is a link to the same search without that filter. */
import type { FilterChip } from '../../lib/search/chips';

export function FilterChips({ chips, clearHref }: { chips: FilterChip[]; clearHref: string }) {
  if (chips.length === 0) return null;
  return (
    <div className="active-filters">
      <h3 className="visually-hidden">Active filters</h3>
      <ul className="active-filter-list">
        {chips.map((chip) => (
          <li key={chip.href}>
            <a className="filter-chip" href={chip.href} aria-label={`${chip.label}: remove this filter`}>
              <span>{chip.label}</span>
              <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
                <path d="M7 7l10 10M17 7 7 17" />
              </svg>
            </a>
          </li>
        ))}
        {chips.length > 1 && (
          <li>
            <a className="link small" href={clearHref}>
              Clear filters
            </a>
          </li>
        )}
      </ul>
    </div>
  );
}
