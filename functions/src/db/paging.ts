/** Paged answers: `{ data, total, page, limit, pages }`, pages counted at this limit. */

/** A page of items as every list answers it (the wire shape is members/schemas.ts's pagedSchema). */
export type Paged<T> = { data: T[]; total: number; page: number; limit: number; pages: number };

/** Which page a list asks for: page from 1, limit items per page. */
export type PageRequest = { page: number; limit: number };

/** The page of `data` among `total` items. */
export function pageOf<T>(data: T[], total: number, { page, limit }: PageRequest): Paged<T> {
  return { data, total, page, limit, pages: Math.ceil(total / limit) };
}

/** Rows to skip before the requested page. */
export function offsetOf({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}
