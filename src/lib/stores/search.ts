/**
 * The state and actions of a search screen (/founders, /advisors) once its page is loaded:
 * the filters and page shown, and the answer read for them. The page comes rendered from
 * the server for the filters in its address; from then on a changed filter, a removed chip
 * or another page asks the API for the new page of results (no page load), and writes the
 * filters into the address with history.pushState, so Back and a shared link give the same
 * search. Answers that come back after a newer search started are dropped.
 */
import { atom, type WritableAtom } from 'nanostores';
import type { CappedPage } from '@api/db/paging';
import type { ProfileSummary } from '@api/profiles/schemas';
import { api, data, type ApiClient } from '../api/client';
import { toAppError } from '../errors';
import { SEARCH_SCREENS, type SearchKind } from '../search/facets';
import { clampPage } from '../search/pages';
import { apiQuery, parseFilters, parsePage, searchHref, type SearchFilters } from '../search/query';

export type SearchStatus =
  /** The server's answer, rendered with the page, still stands. */
  'server' | 'loading' | 'ready' | 'error';

export interface SearchState {
  /** The screen being searched; null before a search screen starts. */
  kind: SearchKind | null;
  filters: SearchFilters;
  page: number;
  status: SearchStatus;
  /** The last answer read in the browser (null while the server's stands). */
  results: CappedPage<ProfileSummary> | null;
  /** Why the last read failed. */
  error: { message: string; status: number } | null;
  /** Names of the cities the member chose or the page named, by id, for the city chip. */
  cityLabels: Readonly<Record<number, string>>;
}

const NO_FILTERS: SearchFilters = { q: '', city: null, values: {} };

export const initialSearchState: SearchState = { kind: null, filters: NO_FILTERS, page: 1, status: 'server', results: null, error: null, cityLabels: {} };

/** The search screen's state (one screen per page). */
export const $search: WritableAtom<SearchState> = atom(initialSearchState);

/** How the address follows a search: a new history entry, the current one rewritten, or left as it is (Back and Forward). */
export type AddressMode = 'push' | 'replace' | 'keep';

export interface SearchDeps {
  store: WritableAtom<SearchState>;
  api: ApiClient;
  /** The browser's history and address (tests pass stand-ins). */
  history: Pick<History, 'pushState' | 'replaceState' | 'state'>;
  location: Pick<Location, 'pathname' | 'search'>;
}

/** Same filters, compared by their address. */
const sameSearch = (kind: SearchKind, a: SearchFilters, b: SearchFilters) => searchHref(SEARCH_SCREENS[kind], a) === searchHref(SEARCH_SCREENS[kind], b);

/** The search actions over a store (tests inject the network and the history). */
export function createSearch({ store, api, history, location }: SearchDeps) {
  let latest = 0;
  let inFlight: AbortController | null = null;
  const patch = (changes: Partial<SearchState>) => store.set({ ...store.get(), ...changes });

  const writeAddress = (href: string, mode: AddressMode) => {
    if (mode === 'keep' || `${location.pathname}${location.search}` === href) return;
    // Keep the client router's entry fields (its index and scroll), so its own Back and Forward stay right.
    const entry = { ...(history.state ?? {}), searchScreen: true };
    if (mode === 'push') history.pushState(entry, '', href);
    else history.replaceState(entry, '', href);
  };

  /** Reads `page` of the results for `filters`, showing it when no newer search started meanwhile. */
  async function read(kind: SearchKind, filters: SearchFilters, page: number, mode: AddressMode): Promise<void> {
    const screen = SEARCH_SCREENS[kind];
    const ticket = ++latest;
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    patch({ filters, page, status: 'loading', error: null });
    writeAddress(searchHref(screen, filters, page), mode);
    try {
      const query = apiQuery(screen, filters, page);
      const init = { init: { signal: controller.signal } };
      const answer = await data(kind === 'founder' ? api.founder.search.$get({ query }, init) : api.advisor.search.$get({ query }, init));
      if (ticket !== latest) return;
      // A page past the end (the list shrank, or an old address): the last page instead.
      const last = clampPage(page, answer.pages);
      if (page > last) {
        await read(kind, filters, last, 'replace');
        return;
      }
      patch({ status: 'ready', results: answer, error: null });
    } catch (cause) {
      if (ticket !== latest) return;
      const error = toAppError(cause);
      patch({ status: 'error', error: { message: error.message, status: error.status } });
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  }

  /**
   * Starts the screen `kind` from the address the page was rendered for; its answer is the
   * server's. `cityLabel` names the address's city.
   */
  function start(kind: SearchKind, cityLabel: string | null): void {
    latest += 1;
    inFlight?.abort();
    const params = new URLSearchParams(location.search);
    const filters = parseFilters(SEARCH_SCREENS[kind], params);
    const cityLabels = filters.city !== null && cityLabel ? { [filters.city]: cityLabel } : {};
    store.set({ ...initialSearchState, kind, filters, page: parsePage(params.get('page')), cityLabels });
  }

  /** Shows `filters` from their first page, unless they are the ones shown. */
  function apply(filters: SearchFilters, mode: AddressMode = 'push'): Promise<void> {
    const { kind, filters: shown, status } = store.get();
    if (!kind || (sameSearch(kind, filters, shown) && status !== 'error')) return Promise.resolve();
    return read(kind, filters, 1, mode);
  }

  /** Shows the search of an address of the screen (`?skills=design&page=2`): a chip, a page link. */
  function show(search: string): Promise<void> {
    const { kind } = store.get();
    if (!kind) return Promise.resolve();
    const params = new URLSearchParams(search);
    return read(kind, parseFilters(SEARCH_SCREENS[kind], params), parsePage(params.get('page')), 'push');
  }

  /** Reads the shown search again (after an error). */
  function retry(): Promise<void> {
    const { kind, filters, page } = store.get();
    return kind ? read(kind, filters, page, 'keep') : Promise.resolve();
  }

  /** Shows the search in the address (after Back or Forward). */
  function followAddress(): Promise<void> {
    const { kind } = store.get();
    if (!kind) return Promise.resolve();
    const params = new URLSearchParams(location.search);
    return read(kind, parseFilters(SEARCH_SCREENS[kind], params), parsePage(params.get('page')), 'keep');
  }

  /** Remembers a city's name for its chip. */
  function nameCity(id: number, label: string): void {
    patch({ cityLabels: { ...store.get().cityLabels, [id]: label } });
  }

  /** Forgets the screen (the page is left). */
  function stop(): void {
    latest += 1;
    inFlight?.abort();
    store.set(initialSearchState);
  }

  return { start, apply, show, retry, followAddress, nameCity, stop };
}

export type SearchActions = ReturnType<typeof createSearch>;

/** The app's search actions, on `$search`, over the session proxy and the browser's history (read when called). */
export const searchActions: SearchActions = createSearch({
  store: $search,
  api,
  history: {
    pushState: (entry, unused, href) => globalThis.history.pushState(entry, unused, href),
    replaceState: (entry, unused, href) => globalThis.history.replaceState(entry, unused, href),
    get state() {
      return globalThis.history.state;
    },
  },
  location: {
    get pathname() {
      return globalThis.location.pathname;
    },
    get search() {
      return globalThis.location.search;
    },
  },
});
