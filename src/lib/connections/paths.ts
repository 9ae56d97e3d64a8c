/** The API paths each connections list is read from (the page on the server and the store alike). */
import type { ListKey } from './state';

/** Connection lists come ten at a time (SPEC.md §9); suggestions in one go. */
export const PAGE_SIZE = 10;
const SUGGESTIONS_LIMIT = 20;

/** The API path and query of one page of a list. */
export function listPath(key: ListKey, page: number): string {
  const paging = `limit=${PAGE_SIZE}&page=${page}`;
  const paths: Record<ListKey, string> = {
    received: `connection/status?_type=received&${paging}`,
    sent: `connection/status?_type=sent&${paging}`,
    connections: `connection/status?_type=accepted&${paging}`,
    suggestions: `connection/you-might-like?limit=${SUGGESTIONS_LIMIT}`,
    blocked: `connection/blocks?${paging}`,
  };
  return paths[key];
}
