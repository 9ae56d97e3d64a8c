/**
 * A loopback stand-in for Sentry's ingestion: it keeps every envelope POSTed to
 * `/api/<project>/envelope/` (the address a DSN `http://public@127.0.0.1:<port>/<project>`
 * sends to), per project, so each test reads its own with a project id of its own. Runs in
 * Node: vitest's global setup starts it for the API tests.
 *
 * Erasable TypeScript only (Node runs it as is).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One envelope as received: its headers and its text (a header line, then item header and payload lines). */
export type ReceivedEnvelope = { headers: Record<string, string>; body: string };
export type SentryStandIn = { port: number; close(): Promise<void> };

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(value));
}

/** Starts the stand-in on 127.0.0.1. Routes: `POST /api/<project>/envelope/`, `GET /__received/<project>`, `GET /__count` (all projects). */
export async function startSentryStandIn(port = 0): Promise<SentryStandIn> {
  const received = new Map<string, ReceivedEnvelope[]>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const envelope = /^\/api\/(\w+)\/envelope\/?$/.exec(url.pathname);
    if (request.method === 'POST' && envelope) {
      const project = envelope[1]!;
      const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)]));
      received.set(project, [...(received.get(project) ?? []), { headers, body: await bodyOf(request) }]);
      return json(response, 200, { id: crypto.randomUUID().replaceAll('-', '') });
    }
    if (request.method === 'GET' && url.pathname === '/__count') return json(response, 200, { envelopes: [...received.values()].flat().length });
    const read = /^\/__received\/(\w+)$/.exec(url.pathname);
    if (request.method === 'GET' && read) return json(response, 200, received.get(read[1]!) ?? []);
    return json(response, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
