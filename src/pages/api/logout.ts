/**
 * POST /api/logout: clears the session cookies. fetch callers get `true`; a plain form
 * post (JavaScript off) is sent home with `?signed-out=1`, where the shell empties storage.
 */
import type { APIRoute } from 'astro';
import { clearSessionCookies } from '../../lib/session/cookies';
import { wantsHtml } from '../../lib/server/wants-html';

export const POST: APIRoute = ({ cookies, url, request, redirect }) => {
  clearSessionCookies(cookies, url);
  return wantsHtml(request) ? redirect('/?signed-out=1', 303) : Response.json(true);
};
