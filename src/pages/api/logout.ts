/**
 * POST /api/logout: ends this browser's session on the server, then clears the session
 * cookies. ("Sign out everywhere" asks for the password: /settings/sessions.)
 * A failed API call still clears the cookies: this browser is signed out either way. fetch
 * callers get `true`; a plain form post (JavaScript off) is sent home with `?signed-out=1`,
 * where the shell empties storage.
 */
import type { APIRoute } from 'astro';
import { outcome, serverClient } from '../../lib/server/api-client';
import { requestContext } from '../../lib/server/request-context';
import { wantsHtml } from '../../lib/server/wants-html';
import { clearSessionCookies, readToken } from '../../lib/session/cookies';

export const POST: APIRoute = async (context) => {
  const { cookies, url, request, redirect } = context;
  const token = readToken(cookies);
  if (token) {
    const api = serverClient({ token, clientIp: requestContext(context).clientIp }).auth;
    const ended = await outcome(api.logout.$post());
    // 401: the session had ended already. Anything else is logged; the cookies go regardless.
    if (!ended.ok && ended.error.status !== 401) console.error('sign-out: the API did not end the session', ended.error);
  }
  clearSessionCookies(cookies, url);
  return wantsHtml(request) ? redirect('/?signed-out=1', 303) : Response.json(true);
};
