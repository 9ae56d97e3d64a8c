/**
 * Every request has an id: the one the app worker sent in `X-Request-Id` (it makes one per page
 * request and passes it on, src/lib/server/request-id.ts) when it looks like one, a new UUID
 * otherwise. It goes back in the `X-Request-Id` header, in the body of every error answer, in the
 * request's log line and in the error tracker's event, so one id finds them all (docs/operations.md).
 */

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A UUID or a Cloudflare ray id: letters, digits and dashes only, so it can never smuggle text into a log line. */
const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The id the caller passed when it is well formed, else a new one. */
export function requestIdFrom(incoming: string | undefined | null): string {
  return incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}
