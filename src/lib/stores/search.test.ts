import { atom } from 'nanostores';
import { describe, expect, test } from 'vitest';
import { sessionStub } from '../api/session-stub';
import { AppError } from '../errors';
import { createSearch, initialSearchState, type SearchState } from './search';

/** A search screen over a fake API and a fake history, its address starting at `start`. */
function setup(start = '/founders') {
  const store = atom<SearchState>(initialSearchState);
  const { api, session } = sessionStub();
  const address = new URL(start, 'http://x');
  const entries: Array<{ mode: 'push' | 'replace'; href: string }> = [];
  const move = (mode: 'push' | 'replace') => (_entry: unknown, _unused: string, href?: string | URL | null) => {
    entries.push({ mode, href: String(href) });
    const next = new URL(String(href), address);
    address.pathname = next.pathname;
    address.search = next.search;
  };
  const location = {
    get pathname() {
      return address.pathname;
    },
    get search() {
      return address.search;
    },
  };
  const search = createSearch({ store, api, history: { pushState: move('push'), replaceState: move('replace'), state: null }, location });
  const goTo = (href: string) => {
    const next = new URL(href, address);
    address.search = next.search;
  };
  return { store, session, search, entries, goTo };
}

const pageOf = (ids: string[], page = 1, pages = 1) => ({ data: ids.map((_id) => ({ _id })), total: ids.length, page, limit: 20, pages, capped: false });
const filters = (values: Record<string, string[]>, q = '') => ({ q, city: null, values });

describe('the search screen', () => {
  test('starts from the address the server rendered, without reading anything', () => {
    const { store, session, search } = setup('/founders?skills=design&city=7&page=2');
    search.start('founder', 'Lagos, Nigeria');
    expect(store.get()).toMatchObject({ kind: 'founder', page: 2, status: 'server', cityLabels: { 7: 'Lagos, Nigeria' } });
    expect(store.get().filters.values.skills).toEqual(['design']);
    expect(session).not.toHaveBeenCalled();
  });

  test('reads changed filters from their first page and pushes them into the address', async () => {
    const { store, session, search, entries } = setup('/founders?page=3');
    search.start('founder', null);
    session.mockResolvedValue(pageOf(['a', 'b']));
    await search.apply(filters({ skills: ['engineering'], stage: ['launched'] }, 'health'));
    expect(session).toHaveBeenCalledWith('founder/search?q=health&skills=engineering&stage=launched&limit=20&page=1');
    expect(entries).toEqual([{ mode: 'push', href: '/founders?q=health&skills=engineering&stage=launched' }]);
    expect(store.get()).toMatchObject({ status: 'ready', page: 1, results: { total: 2 } });
  });

  test('does not read the same filters twice', async () => {
    const { session, search } = setup('/founders?skills=design');
    search.start('founder', null);
    await search.apply(filters({ skills: ['design'] }));
    expect(session).not.toHaveBeenCalled();
  });

  test('shows only the answer of the newest search', async () => {
    const { store, session, search } = setup();
    search.start('founder', null);
    let answerFirst: (value: unknown) => void = () => undefined;
    session.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve))).mockResolvedValueOnce(pageOf(['newest']));
    const first = search.apply(filters({ skills: ['design'] }));
    await search.apply(filters({ skills: ['legal'] }));
    answerFirst(pageOf(['older']));
    await first;
    expect(store.get().results?.data).toEqual([{ _id: 'newest' }]);
    expect(store.get().filters.values.skills).toEqual(['legal']);
  });

  test('follows the address after Back without writing it', async () => {
    const { store, session, search, entries, goTo } = setup('/founders?skills=design');
    search.start('founder', null);
    session.mockResolvedValue(pageOf(['a'], 2, 2));
    goTo('/founders?industries=fintech&page=2');
    await search.followAddress();
    expect(session).toHaveBeenCalledWith('founder/search?industries=fintech&limit=20&page=2');
    expect(entries).toEqual([]);
    expect(store.get()).toMatchObject({ page: 2, filters: { values: { industries: ['fintech'] } } });
  });

  test('answers a page past the end with the last page, in place of the address', async () => {
    const { store, session, search, entries } = setup('/advisors');
    search.start('advisor', null);
    session.mockResolvedValueOnce({ ...pageOf([]), page: 5, pages: 2 }).mockResolvedValueOnce(pageOf(['a'], 2, 2));
    await search.show('?help=mentoring&page=5');
    expect(session).toHaveBeenLastCalledWith('advisor/search?help=mentoring&limit=21&page=2');
    expect(entries).toEqual([
      { mode: 'push', href: '/advisors?help=mentoring&page=5' },
      { mode: 'replace', href: '/advisors?help=mentoring&page=2' },
    ]);
    expect(store.get()).toMatchObject({ status: 'ready', page: 2 });
  });

  test('says why a read failed and reads it again on retry', async () => {
    const { store, session, search } = setup();
    search.start('founder', null);
    session.mockRejectedValueOnce(new AppError('Too many searches', 429)).mockResolvedValueOnce(pageOf(['a']));
    await search.apply(filters({ skills: ['design'] }));
    expect(store.get()).toMatchObject({ status: 'error', error: { message: 'Too many searches', status: 429 } });
    await search.retry();
    expect(store.get()).toMatchObject({ status: 'ready', error: null, results: { total: 1 } });
  });
});
