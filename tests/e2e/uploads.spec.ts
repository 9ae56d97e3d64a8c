import { request as httpRequest } from 'node:http';
import { expect, test } from './support';

// Uploads through the app's own origin: the session proxy refuses a body over the API's
// limit without keeping it; a sender that stops sending hears the refusal within 2 s
// (functions/src/request-body.ts DRAIN_WAIT_MS) (a posted video losing its location is checked at the API:
// functions/src/feed/posts.test.ts).

/** Sends only the headers of a POST that declares `declaredBytes`, and answers the status and body the app sends back without the body. */
function declareOnly(baseURL: string, path: string, declaredBytes: number): Promise<{ status: number; body: string }> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(declaredBytes), origin: url.origin },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body });
        request.destroy();
      });
    });
    request.on('error', reject);
    request.setTimeout(15_000, () => reject(new Error('no answer: the proxy waited for the body')));
    request.write('{"email":"'); // a few bytes of the 100 MB it announced, then nothing
  });
}

test('an oversized body is refused at the edge before it is sent, within seconds', async ({ baseURL }) => {
  const answer = await declareOnly(baseURL!, '/api/session/auth/login', 100 * 1024 * 1024);
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body)).toEqual({ message: 'The request body is too large: 64 KB at most.', status: 413, data: { maxBytes: 65536 } });
});
