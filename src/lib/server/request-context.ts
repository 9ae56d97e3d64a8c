/**
 * What the server-side session helpers need from a page or endpoint (`Astro` or the
 * APIContext): its cookies, URL and the visitor's address.
 */
import type { AstroCookies } from 'astro';
import { clientIpOf } from './client-ip';

interface RequestLike {
  cookies: AstroCookies;
  url: URL;
  request: Request;
  readonly clientAddress: string;
}

/** `{ cookies, url, clientIp, userAgent }` for signIn, registerMember and serverClient. */
export function requestContext(context: RequestLike) {
  return {
    cookies: context.cookies,
    url: context.url,
    clientIp: clientIpOf(context.request, () => context.clientAddress),
    userAgent: context.request.headers.get('user-agent') ?? undefined,
  };
}
