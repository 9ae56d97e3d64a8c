/**
 * Bad input to the app worker's own pages and endpoints (issue 28, finding 5): the API's fuzz
 * (functions/src/openapi/fuzz.test.ts) sends bad input to every API operation; this sends it
 * to every route of src/pages, read from the folder, signed out and as a member: odd query
 * strings (broken %-escapes, huge values, tokens with broken signatures, repeated names) on
 * every GET, and odd bodies (empty, huge, broken escapes, broken multipart, JSON and text
 * where a form is expected) on every route that takes a POST. No answer may be a 5xx.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { newMember } from './profile-page-support';
import { expect, test } from './support';

const PAGES = path.join(process.cwd(), 'src/pages');
/** A well-formed id that matches no row, and a slug that names nobody. */
const UNKNOWN_ID = '0123456789abcdef01234567';
const PARAM_VALUES: Record<string, string> = { id: UNKNOWN_ID, slug: 'no-such-member', provider: 'google', path: 'health' };
/** Query names many pages read (their islands too), besides the ones found in each page's own source. */
const COMMON_QUERY = ['next', 'notice', 'token', 'code', 'email', 'q', 'page', 'tab', 'filter', 'with', 'status', 'state', 'error'];
/** POSTs the app worker answers before Astro (src/worker.ts): the one-click unsubscribe. */
const WORKER_POSTS = new Set(['/unsubscribe']);
/** The error page answers 500 on purpose. */
const ANSWERS_500_ON_PURPOSE = new Set(['/500']);
/** Routes that end the caller's session come last, so the others are asked as a member. */
const ENDS_SESSION = /logout|sessions/;

type Route = { path: string; posts: boolean; queryNames: string[]; fieldNames: string[] };

/** Every route of src/pages with the query names and form fields its source reads. */
function routesOf(dir = PAGES): Route[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry): Route[] => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return routesOf(file);
      if (!/\.(astro|ts)$/.test(entry.name) || entry.name.endsWith('.test.ts')) return [];
      const source = readFileSync(file, 'utf8');
      const route = path
        .relative(PAGES, file)
        .replace(/\.(astro|ts)$/, '')
        .replace(/(^|\/)index$/, '')
        .replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => PARAM_VALUES[name] ?? 'x');
      const names = (pattern: RegExp) => [...new Set([...source.matchAll(pattern)].map((match) => match[1]!))];
      return [
        {
          path: `/${route}`,
          posts: /request\.method === 'POST'|export const (POST|ALL)\b/.test(source) || WORKER_POSTS.has(`/${route}`),
          queryNames: names(/searchParams\.(?:get|has|getAll)\('(\w+)'\)/g),
          fieldNames: names(/(?:form\.get|formText|formSecret|formChoice)\((?:form, )?'(\w+)'/g),
        },
      ];
    })
    .filter((route) => !ANSWERS_500_ON_PURPOSE.has(route.path))
    .sort((a, b) => Number(ENDS_SESSION.test(a.path)) - Number(ENDS_SESSION.test(b.path)));
}

/** Odd values, as they go into a URL: some already escaped (broken on purpose). */
const ODD_VALUES = [
  '%',
  '%E0%A4%A',
  '%00',
  encodeURIComponent('x'.repeat(500)),
  encodeURIComponent('😀'.repeat(50)),
  encodeURIComponent('//evil.example/%2e%2e'),
  encodeURIComponent(`${UNKNOWN_ID}.messages.AAAAA`),
  '-1',
];

/** Each odd value in every query name the route's source reads and the common ones at once, and a few broken query strings. */
function queryStrings(route: Route): string[] {
  const names = [...new Set([...route.queryNames, ...COMMON_QUERY])];
  return [
    '?%',
    '?a=%E0%A4%A&=&&',
    '?__proto__[a]=1&constructor=x',
    `?${names.map((name) => `${name}=1&${name}=2`).join('&')}`,
    ...ODD_VALUES.map((value) => `?${names.map((name) => `${name}=${value}`).join('&')}`),
  ];
}

type Body = { data: string | Buffer; contentType: string | null };

function bodies(route: Route): Body[] {
  const fields = route.fieldNames.length > 0 ? route.fieldNames : ['email', 'password', 'action'];
  const form = (value: string) => fields.map((name) => `${name}=${value}`).join('&');
  const urlencoded = 'application/x-www-form-urlencoded';
  return [
    { data: '', contentType: urlencoded },
    ...ODD_VALUES.map((value) => ({ data: form(value), contentType: urlencoded })),
    { data: fields.map((name) => `${name}=1&${name}=2`).join('&'), contentType: urlencoded },
    { data: `${form('x')}&${'y'.repeat(70_000)}=1`, contentType: urlencoded },
    { data: '--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\nhello', contentType: 'multipart/form-data; boundary=zzz' },
    { data: form('x'), contentType: 'multipart/form-data' },
    { data: '{"email":"a@b.example","password":"x"}', contentType: 'application/json' },
    { data: '{', contentType: 'application/json' },
    { data: 'hello', contentType: 'text/plain' },
    { data: form('x'), contentType: null },
  ];
}

test('the app’s pages and forms answer odd query strings and bodies without a 5xx, signed out and as a member', async ({ browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(300_000);
  const began = Date.now();
  const routes = routesOf();
  expect(routes.length).toBeGreaterThan(40);
  expect(routes.filter((route) => route.posts).map((route) => route.path)).toEqual(expect.arrayContaining(['/sign-in', '/register', '/unsubscribe', '/settings/password']));

  const member = await newMember({ browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} }, { firstName: 'Fuzz' });
  const visitor = await browser.newContext({ baseURL, extraHTTPHeaders });
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  for (const [label, context] of [
    ['signed out', visitor],
    ['member', member.context],
  ] as const) {
    for (const route of routes) {
      const requests = [
        ...queryStrings(route).map((query) => ({ method: 'GET', url: route.path + query })),
        // The POSTs carry a token with a broken signature too (the one-click unsubscribe reads it from the query).
        ...(route.posts ? bodies(route).map((body) => ({ method: 'POST', url: `${route.path}?token=${UNKNOWN_ID}.messages.AAAAA&next=%`, body })) : []),
      ];
      // A few at a time: the pages call the API, and the machine is shared.
      for (let start = 0; start < requests.length; start += 6) {
        await Promise.all(
          requests.slice(start, start + 6).map(async ({ method, url, body }: { method: string; url: string; body?: Body }) => {
            const headers: Record<string, string> = { origin: baseURL! };
            if (body?.contentType) headers['content-type'] = body.contentType;
            const response = await context.request.fetch(url, { method, headers, data: body?.data, maxRedirects: 0, failOnStatusCode: false });
            statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1);
            if (response.status() >= 500)
              failures.push(`${label}: ${method} ${url.slice(0, 160)} ${body ? `(${body.contentType}: ${String(body.data).slice(0, 60)})` : ''} answered ${response.status()}`);
          }),
        );
      }
    }
  }
  console.log(
    `app fuzz: ${((Date.now() - began) / 1000).toFixed(0)} s, ${[...statuses.values()].reduce((a, b) => a + b, 0)} requests, by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
  );
  expect(failures).toEqual([]);
  await visitor.close();
});
