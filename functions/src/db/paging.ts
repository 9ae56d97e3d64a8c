/** Paged answers: `{ data, total, page, limit, pages }`, pages counted at this limit. */

/** A page of items as every list answers it (the wire shape is members/schemas.ts's pagedSchema). */
export type Paged<T> = { data: T[]; total: number; page: number; limit: number; pages: number };

/** Which page a list asks for: page from 1, limit items per page. */
export type PageRequest = { page: number; limit: number };

/** The page of `data` among `total` items. */
export function pageOf<T>(data: T[], total: number, { page, limit }: PageRequest): Paged<T> {
  return { data, total, page, limit, pages: Math.ceil(total / limit) };
}

/** A page of a list whose total is counted up to a cap: `capped` when there are more than `total`. */
export type CappedPage<T> = Paged<T> & { capped: boolean };

/**
 * The page of `data` among `counted` items, counted up to `cap` (null: exact). Past the cap
 * the total is the cap and `capped` is true, so the pages stop at the cap too, and no item
 * past it is answered.
 */
export function cappedPageOf<T>(data: T[], counted: number, cap: number | null, page: PageRequest): CappedPage<T> {
  if (cap === null || counted <= cap) return { ...pageOf(data, counted, page), capped: false };
  // The last page holds no one past the cap (at 21 a page, page 48 would reach 1,008).
  return { ...pageOf(data.slice(0, Math.max(0, cap - offsetOf(page))), cap, page), capped: true };
}

/** Whether `page` starts past the first `cap` items: a capped list answers nothing there. */
export function startsPastCap(page: PageRequest, cap: number): boolean {
  return offsetOf(page) >= cap;
}

/** Rows to skip before the requested page. */
export function offsetOf({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}
