import { DEMO_MEMBER, expect, test } from './support';

test('signing in through the session proxy sets an HttpOnly token cookie and never returns the jwt', async ({ request, baseURL }) => {
  const response = await request.post('/api/session/auth/user-login', { data: DEMO_MEMBER, headers: { origin: baseURL! } });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.jwt).toBeUndefined();
  expect(body.user.email).toBe(DEMO_MEMBER.email);
  const setCookie = response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value);
  const token = setCookie.find((value) => value.startsWith('token='))!;
  expect(token).toMatch(/HttpOnly/i);
  expect(token).toMatch(/SameSite=Strict/i);
  expect(token).toMatch(/Max-Age=604800/);
  expect(token).toMatch(/Path=\//);
  expect(setCookie.find((value) => value.startsWith('isAdvisor='))).toMatch(/^isAdvisor=false/);

  // The proxy adds the Bearer header from the cookie it just set.
  const me = await request.get('/api/session/auth/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe(DEMO_MEMBER.email);
});

test('the session proxy refuses unsafe requests from another origin', async ({ request }) => {
  const response = await request.post('/api/session/auth/user-login', { data: DEMO_MEMBER, headers: { origin: 'https://evil.example' } });
  expect(response.status()).toBe(403);
});

test('the proxy answers the API error body and status unchanged', async ({ request, baseURL }) => {
  const response = await request.post('/api/session/users/register', { data: { email: 'nope' }, headers: { origin: baseURL! } });
  expect(response.status()).toBe(400);
  const body = await response.json();
  expect(body.status).toBe(400);
  expect(body.data.fields.email).toBeTruthy();
  expect((await request.get('/api/session/no/such/route')).status()).toBe(404);
});

test('POST /api/register refuses without the agreement, not without the digest opt-in, and answers true on success', async ({ request, baseURL }) => {
  const fields = { firstName: 'Lin', lastName: 'Chen', email: `lin-${Date.now()}@example.com`, password: 'a long password', memberType: 'advisor' };
  const refused = await request.post('/api/register', { data: { ...fields, agreement: false, subscription: true }, headers: { origin: baseURL! } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).data.fields.agreement).toBeTruthy();

  const accepted = await request.post('/api/register', { data: { ...fields, agreement: true, subscription: false }, headers: { origin: baseURL! } });
  expect(accepted.ok()).toBe(true);
  expect(await accepted.json()).toBe(true);
});

test('POST /api/logout clears both cookies', async ({ request, baseURL }) => {
  await request.post('/api/session/auth/user-login', { data: DEMO_MEMBER, headers: { origin: baseURL! } });
  const response = await request.post('/api/logout', { headers: { origin: baseURL!, accept: 'application/json' } });
  expect(await response.json()).toBe(true);
  expect((await request.get('/api/session/auth/me')).status()).toBe(401);
});

test('a copied token cookie no longer works after sign-out', async ({ request, baseURL }) => {
  await request.post('/api/session/auth/user-login', { data: DEMO_MEMBER, headers: { origin: baseURL! } });
  const { cookies } = await request.storageState();
  const copied = cookies.find((cookie) => cookie.name === 'token')!.value;
  expect((await request.get('/api/session/auth/me', { headers: { cookie: `token=${copied}` } })).status()).toBe(200);
  await request.post('/api/logout', { headers: { origin: baseURL!, accept: 'application/json' } });
  expect((await request.get('/api/session/auth/me', { headers: { cookie: `token=${copied}` } })).status()).toBe(401);
  expect((await request.get('/api/session/auth/me', { headers: { authorization: `Bearer ${copied}` } })).status()).toBe(401);
});

test('the sessions settings list both browsers, sign the other one out, and sign out everywhere with the password', async ({ page, request, baseURL, member }) => {
  const signInElsewhere = async () => {
    // The same member signed in elsewhere (the request context is another browser).
    const credentials = { email: member.email, password: member.password };
    expect((await request.post('/api/session/auth/user-login', { data: credentials, headers: { origin: baseURL! } })).status()).toBe(200);
    expect((await request.get('/api/session/auth/me')).status()).toBe(200);
  };
  await signInElsewhere();

  await page.goto('/settings/sessions');
  const list = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('This device')).toHaveCount(1);
  await list.getByRole('button', { name: /^Sign out / }).click();
  await expect(page.getByText('That device has been signed out.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect((await request.get('/api/session/auth/me')).status()).toBe(401);

  await signInElsewhere();
  await page.goto('/settings/sessions');
  const button = page.getByRole('button', { name: 'Sign out everywhere' });
  await expect(button).toHaveAccessibleDescription(/every session of your account/);
  await page.getByLabel('Current password').fill('not the password at all');
  await button.click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  expect((await request.get('/api/session/auth/me')).status()).toBe(200);

  await page.getByLabel('Current password').fill(member.password);
  await page.getByRole('button', { name: 'Sign out everywhere' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  expect((await request.get('/api/session/auth/me')).status()).toBe(401);
});

test('the API documents itself at /api/session/openapi.json and /api/session/docs', async ({ request }) => {
  const spec = await (await request.get('/api/session/openapi.json')).json();
  expect(spec.openapi).toMatch(/^3\.1/);
  for (const path of [
    '/users/register',
    '/auth/user-login',
    '/auth/me',
    '/auth/verify-email',
    '/auth/reset-password',
    '/auth/change-password',
    '/auth/logout',
    '/auth/logout-all',
    '/auth/sessions',
    '/auth/sessions/{id}',
  ]) {
    expect(Object.keys(spec.paths)).toContain(path);
  }
  const docs = await request.get('/api/session/docs');
  expect(docs.headers()['content-type']).toContain('text/html');
  // The reference is drawn in the browser from the document beside it (api-reference.spec.ts).
  expect(await docs.text()).toContain('data-url="openapi.json"');
});

test('the app forwards /media/ to the API, which answers from R2', async ({ request }) => {
  const response = await request.get('/media/no/such/file.png');
  expect(response.status()).toBe(404);
  // The app's request id reached the API, which answers it in the error body (docs/operations.md).
  const requestId = response.headers()['x-request-id'];
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(await response.json()).toEqual({ message: 'Not found', status: 404, data: null, requestId });
});

test('every answer of the app carries its own request id, and the API calls of a page share it', async ({ request }) => {
  const [one, two] = [await request.get('/sign-in'), await request.get('/sign-in', { headers: { 'X-Request-Id': 'chosen-by-the-visitor' } })];
  expect(one.status()).toBe(200);
  expect(one.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(two.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(two.headers()['x-request-id']).not.toBe(one.headers()['x-request-id']);
  const failed = await request.get('/api/session/auth/me');
  expect(failed.status()).toBe(401);
  expect(((await failed.json()) as { requestId: string }).requestId).toBe(failed.headers()['x-request-id']);
});
