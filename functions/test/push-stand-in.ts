/**
 * A loopback stand-in for browsers' push services (Web Push, RFC 8030): it keeps every push
 * it receives (headers and the encrypted body) per subscription path, and answers each with
 * the status the test queued for that path (201 by default; a 3xx points at `<name>-moved`,
 * where a followed redirect would land). The tests decrypt the bodies
 * with the subscription's own keys (push-crypto.ts). Runs in Node: vitest's global setup
 * starts it for the API tests, bench/push.mjs for the bench.
 *
 * Erasable TypeScript only (Node runs it as is).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedPush = { at: number; headers: Record<string, string>; body: string };
export type PushStandIn = { url: string; port: number; close(): Promise<void> };

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function json(response: ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(value));
}

/**
 * Starts the stand-in on 127.0.0.1. Routes: `POST /push/<name>` (a push), `GET /__received/<name>`
 * (what arrived, body as base64), `POST /__status/<name>` with `[410]` or `[503, 201]` (the
 * statuses of the next pushes).
 */
export async function startPushStandIn(port = 0): Promise<PushStandIn> {
  const received = new Map<string, ReceivedPush[]>();
  const statuses = new Map<string, number[]>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const [, area, name] = url.pathname.split('/');
    if (!name) return json(response, 404, { error: 'not found' });
    if (request.method === 'POST' && area === 'push') {
      const body = await bodyOf(request);
      const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)]));
      received.set(name, [...(received.get(name) ?? []), { at: Date.now(), headers, body: body.toString('base64') }]);
      const status = statuses.get(name)?.shift() ?? 201;
      response.writeHead(status, status >= 300 && status < 400 ? { Location: `/push/${name}-moved` } : {});
      return response.end();
    }
    if (request.method === 'GET' && area === '__received') return json(response, 200, received.get(name) ?? []);
    if (request.method === 'POST' && area === '__status') {
      statuses.set(name, JSON.parse((await bodyOf(request)).toString('utf8')) as number[]);
      return json(response, 200, { ok: true });
    }
    return json(response, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
