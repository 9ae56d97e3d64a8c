/**
 * /settings has no screen of its own: it opens the first tab, Profile. A visitor is sent to
 * sign in first by the route guard (src/lib/session/guards.ts), and comes back here.
 */
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ redirect }) => redirect('/settings/profile', 302);
