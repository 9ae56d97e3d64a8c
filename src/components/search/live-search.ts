/**
 * Makes a search screen's filters apply as they change: a ticked box or a chosen option at
 * once, words after a pause in typing, a city as it is picked. The search is read in place
 * ($search) and its filters written into the address; Back and Forward between searches of
 * the screen show the address's search (below). Without this script the form still submits as
 * a GET.
 */
import { SEARCH_SCREENS, type SearchKind } from '../../lib/search/facets';
import { drawerCount, fillForm, formFilters, SEARCH_CITY_EVENT } from '../../lib/search/live-form';
import { searchHref, type SearchFilters } from '../../lib/search/query';
import { $search, searchActions } from '../../lib/stores/search';

/** The pause in typing after which the words are searched. */
const TYPING_DELAY_MS = 350;
const NARROW_SCREEN = '(max-width: 63.99rem)';
const NO_FILTERS: SearchFilters = { q: '', city: null, values: {} };

const wired = new WeakSet<HTMLFormElement>();

/** The search form on this page, once wired. */
const liveForm = () => document.querySelector<HTMLFormElement>('form[data-search-form][data-live]');

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function wire(form: HTMLFormElement): void {
  const kind = form.dataset.searchKind as SearchKind | undefined;
  if (wired.has(form) || !kind || !(kind in SEARCH_SCREENS)) return;
  wired.add(form);
  const screen = SEARCH_SCREENS[kind];
  searchActions.start(kind, form.dataset.cityLabel || null);
  form.dataset.live = '';
  let typing: ReturnType<typeof setTimeout> | undefined;
  // The search the form's controls show: a search that differs came from elsewhere (a chip, Back).
  let shown = searchHref(screen, $search.get().filters);

  const search = (filters: SearchFilters) => {
    clearTimeout(typing);
    shown = searchHref(screen, filters);
    void searchActions.apply(filters);
  };
  const searchForm = (changes: Partial<SearchFilters> = {}) => search({ ...formFilters(form, screen), ...changes });

  form.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && (event.target.type === 'checkbox' || event.target.type === 'radio')) searchForm();
  });
  const words = form.elements.namedItem('q');
  if (words instanceof HTMLInputElement)
    words.addEventListener('input', () => {
      clearTimeout(typing);
      typing = setTimeout(searchForm, TYPING_DELAY_MS);
    });
  form.addEventListener(SEARCH_CITY_EVENT, (event) => searchForm({ city: (event as CustomEvent<number | null>).detail }));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    searchForm();
    // On a phone "Show results" folds the filters away and brings the results into view.
    const drawer = form.closest<HTMLDetailsElement>('[data-search-drawer]');
    if (drawer && event.submitter?.hasAttribute('data-search-show') && matchMedia(NARROW_SCREEN).matches) {
      drawer.open = false;
      document.getElementById('search-results-heading')?.focus();
    }
  });
  form.querySelector('[data-search-clear]')?.addEventListener('click', (event) => {
    if (!plainClick(event as MouseEvent)) return;
    event.preventDefault();
    clearTimeout(typing);
    void searchActions.apply(NO_FILTERS);
  });

  const badge = form.closest('[data-search-drawer]')?.querySelector<HTMLElement>('[data-filter-count]');
  const unsubscribe = $search.subscribe((state) => {
    if (state.kind !== kind) return;
    if (badge) {
      const count = drawerCount(state.filters);
      badge.hidden = count === 0;
      badge.firstChild!.textContent = String(count);
    }
    const href = searchHref(screen, state.filters);
    if (href === shown) return;
    shown = href;
    clearTimeout(typing);
    fillForm(form, screen, state.filters);
  });
  document.addEventListener('astro:before-swap', unsubscribe, { once: true });
}

const wireAll = () => document.querySelectorAll<HTMLFormElement>('form[data-search-form]').forEach(wire);

// Back and Forward between searches of this screen show the address's search. The client
// router ignores the page's first entry (it has no state of the router's), so this listener
// shows that one in place; entries the router knows it may still swap in as the server
// renders them, which shows the same search.
addEventListener(
  'popstate',
  (event) => {
    const form = liveForm();
    const kind = form?.dataset.searchKind as SearchKind | undefined;
    if (!kind || location.pathname !== SEARCH_SCREENS[kind]?.path) return;
    event.stopImmediatePropagation();
    void searchActions.followAddress();
  },
  { capture: true },
);
// The client router swaps pages in without running this script again.
document.addEventListener('astro:after-swap', () => searchActions.stop());
document.addEventListener('astro:page-load', wireAll);
wireAll();
