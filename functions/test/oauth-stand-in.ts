/**
 * A real OAuth 2.0 / OpenID Connect provider on loopback for the social sign-in tests:
 * `oauth2-mock-server` (discovery, JWKS, signed ID tokens, PKCE S256) plays Google and
 * LinkedIn, and the same server answers GitHub's paths (`/login/oauth/authorize`,
 * `/login/oauth/access_token`, `GET /user`, `GET /user/emails`) and serves a picture
 * (`/picture.png`). The API worker reaches it
 * through its configured issuer and base addresses: no `fetch` is intercepted.
 *
 * The authorization endpoint plays the provider's consent screen: without a `decision` it
 * answers a small form (the account to sign in as, "Allow" or "Deny"), which the browser
 * tests fill in; API tests send the same fields in the query. On top of the mock server it
 * makes codes single-use, bound to their redirect address and PKCE challenge, and answers
 * `invalid_grant` as JSON, as real providers do.
 *
 * Runs in Node (vitest's global setup, Playwright's global setup). Erasable TypeScript only.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';
import { pngImage } from '../src/media/test-images';
import type { StandInIdentity } from './oauth-identity';

export type OAuthStandIn = { url: string; port: number; close(): Promise<void> };

type Grant = { identity: StandInIdentity; redirectUri: string; codeChallenge: string | null };

function identityFrom(query: URLSearchParams): StandInIdentity {
  const text = (name: string) => query.get(name)?.trim() || undefined;
  return {
    sub: text('sub') ?? 'stand-in-user',
    email: text('email'),
    emailVerified: query.has('email_verified') ? query.get('email_verified') === 'true' : undefined,
    givenName: text('given_name'),
    familyName: text('family_name'),
    picture: text('picture'),
  };
}

/** RFC 7636 S256: BASE64URL(SHA-256(verifier)). */
function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The consent screen: every authorization parameter kept in hidden fields, the account to use, Allow or Deny. */
function consentPage(query: URLSearchParams, action: string): string {
  const hidden = [...query].map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');
  const field = (name: string, label: string, type = 'text') => `<p><label>${label} <input name="${name}" type="${type}"></label></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in provider: sign in</title></head><body><main>
<h1>Sign in to the stand-in provider</h1>
<form method="get" action="${escapeHtml(action)}">${hidden}
${field('sub', 'Account id')}${field('email', 'Email', 'email')}
<p><label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label></p>
${field('given_name', 'First name')}${field('family_name', 'Last name')}${field('picture', 'Picture address', 'url')}
<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button>
</form></main></body></html>`;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts the provider on loopback (`port` 0: any free one). `host` is the name it is known by:
 * the browser tests use `localhost`, another site than the app's 127.0.0.1, so the redirect
 * back from the provider is cross-site as it is in production.
 */
export async function startOAuthStandIn(port = 0, { host = '127.0.0.1' }: { host?: '127.0.0.1' | 'localhost' } = {}): Promise<OAuthStandIn> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);
  /** code → who consented and where the code may be redeemed. */
  const grants = new Map<string, Grant>();
  /** access token → identity, for userinfo and GitHub's API. */
  const tokens = new Map<string, StandInIdentity>();
  /** The identity of the token request being answered. */
  const redeeming = new WeakMap<IncomingMessage, Grant>();

  service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const query = new URL(req.url ?? '/', 'http://stand-in').searchParams;
    const code = redirect.url.searchParams.get('code');
    if (code) grants.set(code, { identity: identityFrom(query), redirectUri: query.get('redirect_uri') ?? '', codeChallenge: query.get('code_challenge') });
  });
  service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, req: IncomingMessage) => {
    const grant = redeeming.get(req);
    if (!grant) return;
    const { identity } = grant;
    token.payload.sub = identity.sub;
    if (token.payload.aud === undefined) return; // the access token carries the subject only
    Object.assign(token.payload, {
      email: identity.email,
      email_verified: identity.emailVerified,
      given_name: identity.givenName,
      family_name: identity.familyName,
      name: [identity.givenName, identity.familyName].filter(Boolean).join(' ') || undefined,
      picture: identity.picture,
    });
  });
  service.on('beforeResponse', (response: { body: Record<string, unknown> }, req: IncomingMessage & { githubStyle?: boolean }) => {
    const grant = redeeming.get(req);
    if (grant && typeof response.body.access_token === 'string') tokens.set(response.body.access_token, grant.identity);
    if (req.githubStyle) {
      // GitHub is plain OAuth 2.0: no ID token, no refresh token.
      delete response.body.id_token;
      delete response.body.refresh_token;
    }
  });
  service.on('beforeUserinfo', (response: { body: Record<string, unknown>; statusCode: number }, req: IncomingMessage) => {
    const identity = bearerIdentity(req);
    if (!identity) {
      response.statusCode = 401;
      response.body = { error: 'invalid_token' };
      return;
    }
    response.body = {
      sub: identity.sub,
      email: identity.email,
      email_verified: identity.emailVerified,
      given_name: identity.givenName,
      family_name: identity.familyName,
      name: [identity.givenName, identity.familyName].filter(Boolean).join(' ') || undefined,
      picture: identity.picture,
    };
  });

  function bearerIdentity(req: IncomingMessage): StandInIdentity | undefined {
    const match = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    return match ? tokens.get(match[1]!) : undefined;
  }

  /** GitHub's REST API: the user and their addresses. */
  function githubApi(path: string, req: IncomingMessage, res: ServerResponse): void {
    const identity = bearerIdentity(req);
    if (!identity) return sendJson(res, 401, { message: 'Bad credentials' });
    if (path === '/user') {
      const name = [identity.givenName, identity.familyName].filter(Boolean).join(' ') || null;
      return sendJson(res, 200, { id: Number(identity.sub) || identity.sub, login: `user${identity.sub}`, name, email: null, avatar_url: identity.picture ?? null });
    }
    const emails = identity.email ? [{ email: identity.email, primary: true, verified: identity.emailVerified === true, visibility: 'private' }] : [];
    // A second, verified but not primary address must never be taken for the member's.
    emails.push({ email: `noreply-${identity.sub}@users.noreply.github.com`, primary: false, verified: true, visibility: 'private' });
    return sendJson(res, 200, emails);
  }

  /** Checks the code before the mock server redeems it: known, unused, for the same redirect address. */
  async function redeem(req: IncomingMessage & { githubStyle?: boolean }, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const body = new URLSearchParams(raw);
    const code = body.get('code');
    const grant = code ? grants.get(code) : undefined;
    if (code) grants.delete(code);
    if (body.get('grant_type') === 'authorization_code' && (!grant || grant.redirectUri !== body.get('redirect_uri'))) {
      return sendJson(res, 400, { error: 'invalid_grant', error_description: 'The code is unknown, used, or for another redirect address.' });
    }
    // The mock server reads the body again: hand it a request that replays it.
    const replay = Object.assign(Readable.from([Buffer.from(raw)]), { headers: req.headers, url: req.url, method: req.method, githubStyle: req.githubStyle });
    if (grant?.codeChallenge && s256(body.get('code_verifier') ?? '') !== grant.codeChallenge) {
      return sendJson(res, 400, { error: 'invalid_grant', error_description: 'The code_verifier does not match the code_challenge.' });
    }
    if (grant) redeeming.set(replay as unknown as IncomingMessage, grant);
    service.requestHandler(replay as unknown as IncomingMessage, res);
  }

  const handle = (req: IncomingMessage & { githubStyle?: boolean }, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/login/oauth/authorize' || url.pathname === '/login/oauth/access_token') {
      req.githubStyle = true;
      req.url = `${url.pathname === '/login/oauth/authorize' ? '/authorize' : '/token'}${url.search}`;
    }
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    if (req.method === 'GET' && (path === '/user' || path === '/user/emails')) return githubApi(path, req, res);
    if (req.method === 'GET' && path === '/picture.png') {
      // A member's picture as providers serve them: a 128 px square PNG.
      pngImage(128, 128).then((png) => {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
        res.end(png);
      });
      return;
    }
    if (req.method === 'GET' && path === '/authorize') {
      const decision = url.searchParams.get('decision');
      if (!decision) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(consentPage(url.searchParams, url.pathname));
        return;
      }
      if (decision === 'deny') {
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user denied the request.');
        const state = url.searchParams.get('state');
        if (state) back.searchParams.set('state', state);
        res.writeHead(302, { location: back.href });
        res.end();
        return;
      }
    }
    if (req.method === 'POST' && path === '/token') {
      redeem(req, res).catch((error: unknown) => sendJson(res, 500, { error: 'server_error', error_description: String(error) }));
      return;
    }
    service.requestHandler(req, res);
  };
  const servers: Server[] = [createServer(handle)];
  await new Promise<void>((resolve, reject) => servers[0]!.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  const actualPort = (servers[0]!.address() as AddressInfo).port;
  if (host === 'localhost') {
    // `localhost` may resolve to ::1 first: answer there too, where the machine has IPv6.
    const ipv6 = createServer(handle);
    const listening = await new Promise<boolean>((resolve) => ipv6.once('error', () => resolve(false)).listen(actualPort, '::1', () => resolve(true)));
    if (listening) servers.push(ipv6);
  }
  const url = `http://${host}:${actualPort}`;
  issuer.url = url;
  return {
    url,
    port: actualPort,
    close: () => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))).then(() => undefined),
  };
}
