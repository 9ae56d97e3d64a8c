/**
 * Development only: one attachment of a mail in the development mailbox (a calendar
 * invitation), downloaded as the file it is. Outside development this path is a 404.
 */
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { serverClient } from '../../../../../lib/server/api-client';

export const GET: APIRoute = async ({ params }) => {
  const index = Number(params.index);
  if (env.ENVIRONMENT !== 'development' || !params.id || !Number.isInteger(index) || index < 0) return new Response(null, { status: 404 });
  const answer = await serverClient().dev.mailbox[':id'].attachments[':index'].$get({ param: { id: params.id, index: String(index) } });
  if (!answer.ok) return new Response(null, { status: answer.status === 404 ? 404 : 502 });
  const headers = new Headers();
  for (const name of ['content-type', 'content-disposition']) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(await answer.arrayBuffer(), { status: 200, headers });
};
