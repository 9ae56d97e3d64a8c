/** Paged answers: `{ data, total, page, limit, pages }`, pages counted at this limit. */
import type { PageRequest, Paged } from './schemas';

export function pageOf<T>(data: T[], total: number, { page, limit }: PageRequest): Paged<T> {
  return { data, total, page, limit, pages: Math.ceil(total / limit) };
}

/** Rows to skip before the requested page. */
export function offsetOf({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}
