/**
 * The results of a search screen: the count, the active filters as chips, the result cards,
 * the page links, and the empty and error states. The server renders it for the address
 * (so the screen works without JavaScript); once hydrated it shows what $search reads as
 * the filters change, keeping the last results (dimmed) while the next ones load, so the
 * layout does not jump, and tells screen readers the new count. Chips, "Clear filters" and
 * page links stay plain links; a plain click on one is read in place.
 */
import { useStore } from '@nanostores/react';
import type { CappedPage } from '@api/db/paging';
import type { ProfileSummary } from '@api/profiles/schemas';
import { useRef, type MouseEvent } from 'react';
import { $search, searchActions } from '../../lib/stores/search';
import { filterChips } from '../../lib/search/chips';
import { SEARCH_SCREENS, type SearchKind } from '../../lib/search/facets';
import { resultCount } from '../../lib/search/labels';
import { activeFilterCount, searchHref, type SearchFilters } from '../../lib/search/query';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { MediaBaseProvider } from '../ui/media-base';
import { FilterChips } from './FilterChips';
import { Pager } from './Pager';
import { ResultCard } from './ResultCard';

/** What the server read for the page's address. */
export interface InitialSearch {
  filters: SearchFilters;
  page: number;
  results: CappedPage<ProfileSummary> | null;
  error: { message: string; status: number } | null;
  cityLabel: string | null;
}

export interface SearchResultsProps {
  kind: SearchKind;
  initial: InitialSearch;
  mediaBaseUrl: string;
}

/** A plain left click, which the island may read in place (others open tabs, download…). */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function SearchResults({ kind, initial, mediaBaseUrl }: SearchResultsProps) {
  const screen = SEARCH_SCREENS[kind];
  const state = useStore($search);
  const heading = useRef<HTMLHeadingElement>(null);
  const live = state.kind === kind && state.status !== 'server';
  const filters = live ? state.filters : initial.filters;
  const loading = live && state.status === 'loading';
  const results = live ? (state.results ?? initial.results) : initial.results;
  const error = live ? (state.status === 'error' ? state.error : null) : initial.error;
  const page = results?.page ?? initial.page;
  const cityLabel = filters.city === null ? null : (state.cityLabels[filters.city] ?? (filters.city === initial.filters.city ? initial.cityLabel : null));
  const chips = filterChips(screen, filters, cityLabel);
  const filtered = activeFilterCount(filters) > 0;
  const count = results ? resultCount(screen, results.total, results.capped) : '';
  const announcement = live && state.status === 'ready' && results ? `${count}${results.pages > 1 ? `, page ${page} of ${results.pages}` : ''}` : '';

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || !plainClick(event)) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== screen.path) return;
    event.preventDefault();
    const paging = link.closest('.pager') !== null;
    void searchActions.show(url.search).then(() => {
      // A new page starts at its heading (focus follows, for keyboards and screen readers).
      if (paging) heading.current?.focus();
    });
  };

  return (
    <MediaBaseProvider base={mediaBaseUrl}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: only links are handled, which the keyboard activates with a click */}
      <section className={`search-results${loading ? ' search-results-loading' : ''}`} aria-labelledby="search-results-heading" aria-busy={loading} onClick={onClick}>
        <p className="visually-hidden" role="status" aria-live="polite" data-search-announcer>
          {announcement}
        </p>
        {error ? (
          <>
            <h2 id="search-results-heading" className="visually-hidden" tabIndex={-1} ref={heading}>
              Results
            </h2>
            <FilterChips chips={chips} clearHref={screen.path} />
            <div className="alert alert-error search-error" role="alert">
              <div className="stack stack-sm">
                <p>
                  <strong>We couldn’t load {screen.noun.many} just now.</strong>
                </p>
                <p>{error.message}</p>
                <p>
                  {error.status === 400 ? (
                    <a className="link" href={screen.path}>
                      Clear filters
                    </a>
                  ) : (
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => void searchActions.retry()}>
                      Try again
                    </button>
                  )}
                </p>
              </div>
            </div>
          </>
        ) : (
          <>
            <div className="search-summary">
              <h2 id="search-results-heading" className="search-count" tabIndex={-1} ref={heading}>
                {count}
              </h2>
              {results && results.pages > 1 && (
                <p className="muted small">
                  Page {page} of {results.pages}
                </p>
              )}
            </div>
            <FilterChips chips={chips} clearHref={screen.path} />
            {results && results.data.length > 0 ? (
              <ul className="result-list">
                {results.data.map((member) => (
                  <li key={member._id}>
                    <ResultCard member={member} />
                  </li>
                ))}
              </ul>
            ) : (
              <div className="search-empty">
                <h3>{filtered ? `No ${screen.noun.many} match these filters` : `No ${screen.noun.many} here yet`}</h3>
                <p className="muted">
                  {filtered ? 'Try fewer filters or other words. Remove a filter above, or start again.' : `As ${screen.noun.many} finish their profiles they will show here.`}
                </p>
                {filtered && (
                  <a className="btn btn-secondary" href={screen.path}>
                    Clear filters
                  </a>
                )}
              </div>
            )}
            {results && <Pager page={page} pages={results.pages} hrefFor={(n) => searchHref(screen, filters, n)} />}
            {results?.capped && page === results.pages && (
              <p className="muted small search-capped" data-search-capped>
                These are the first {results.total.toLocaleString('en')} {screen.noun.many}. Add a filter or a word to find the others.
              </p>
            )}
          </>
        )}
      </section>
    </MediaBaseProvider>
  );
}

export default withErrorBoundary(SearchResults);
