/**
 * The one-click unsubscribe (mounted at /mail): no sign-in, the signed token in the query is
 * the whole authority and names one member and one list (unsubscribe.ts). GET tells what the
 * link is for (and whether it was already used); POST, as RFC 8058's one-click sends it
 * (`List-Unsubscribe=One-Click`, any body is ignored), takes the member off that list.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { invalidFields } from '../errors';
import { newRouter } from '../http/context';
import { errorResponses, jsonResponse } from '../openapi/responses';
import { LIST_NAMES, MAIL_LISTS, type MailList, optOut, readUnsubscribeToken } from './unsubscribe';

const TokenQuerySchema = z.object({ token: z.string().min(1).max(300).openapi({ description: 'The token of the link in the mail.' }) });

const UnsubscribeSchema = z
  .object({
    list: z.enum(MAIL_LISTS).openapi({ description: 'The mail list the link is for.' }),
    description: z.string().openapi({ description: 'What the list is, in words.' }),
    unsubscribed: z.boolean().openapi({ description: 'Whether the member is off the list.' }),
  })
  .openapi('MailUnsubscribe');

const doc = { tags: ['Mail'], security: [] };
const BAD_TOKEN = 'is not a valid unsubscribe link';

/** The member and list of the token, or a 400 naming `token`. */
async function listOf(secret: string | null, token: string): Promise<{ userId: string; list: MailList }> {
  const named = secret ? await readUnsubscribeToken(secret, token) : null;
  if (!named) throw invalidFields({ token: BAD_TOKEN });
  return named;
}

async function isOptedOut(deps: Pick<Deps, 'db'>, userId: string, list: MailList): Promise<boolean> {
  const [row] = await deps.db.all<{ out: number }>(sql`SELECT 1 AS out FROM mail_opt_outs WHERE user_id = ${userId} AND list = ${list}`);
  return row?.out === 1;
}

/** Mounted at /mail. */
export const mailRoutes = newRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/unsubscribe',
      ...doc,
      summary: 'What an unsubscribe link is for',
      description: 'No sign-in: the token of the link names the member and the list. Changes nothing.',
      request: { query: TokenQuerySchema },
      responses: { 200: jsonResponse(UnsubscribeSchema, 'The list and whether the member already left it.'), ...errorResponses([400]) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { userId, list } = await listOf(deps.config.jwtSecret, c.req.valid('query').token);
      return c.json({ list, description: LIST_NAMES[list], unsubscribed: await isOptedOut(deps, userId, list) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/unsubscribe',
      ...doc,
      summary: 'Unsubscribe in one click (RFC 8058)',
      description: 'No sign-in: the token of the link names the member and the list; only that list is left. Again is fine.',
      request: { query: TokenQuerySchema },
      responses: { 200: jsonResponse(UnsubscribeSchema, 'The list the member left.'), ...errorResponses([400]) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { userId, list } = await listOf(deps.config.jwtSecret, c.req.valid('query').token);
      // A token of an account deleted since answers as if done: there is nothing left to mail.
      await optOut(deps, userId, list);
      return c.json({ list, description: LIST_NAMES[list], unsubscribed: true }, 200);
    },
  );
