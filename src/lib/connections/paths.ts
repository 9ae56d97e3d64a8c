/** How each connections list is read from the API (the page on the server and the store alike). */
import { data, type ApiClient } from '../api/client';
import type { ItemOf, ListKey } from './state';

/** Connection lists come ten at a time (docs/product.md#connections); suggestions in one go. */
export const PAGE_SIZE = 10;
const SUGGESTIONS_LIMIT = 20;

/** One page of a list: its items and, where the route counts them, the total. */
interface ListAnswer<T> {
  data: T[];
  total?: number;
}

const paging = (page: number) => ({ limit: String(PAGE_SIZE), page: String(page) });

const LIST_PAGES: { [K in ListKey]: (api: ApiClient, page: number) => Promise<ListAnswer<ItemOf<K>>> } = {
  received: (api, page) => data(api.connection.status.$get({ query: { _type: 'received', ...paging(page) } })),
  sent: (api, page) => data(api.connection.status.$get({ query: { _type: 'sent', ...paging(page) } })),
  connections: (api, page) => data(api.connection.status.$get({ query: { _type: 'accepted', ...paging(page) } })),
  suggestions: (api) => data(api.connection['you-might-like'].$get({ query: { limit: String(SUGGESTIONS_LIMIT) } })),
  blocked: (api, page) => data(api.connection.blocks.$get({ query: paging(page) })),
};

/** GET one page (from 1) of a list. */
export function listPage<K extends ListKey>(api: ApiClient, key: K, page: number): Promise<ListAnswer<ItemOf<K>>> {
  return LIST_PAGES[key](api, page);
}
