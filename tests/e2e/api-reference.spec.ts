import { expect, test } from '@playwright/test';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

test.describe('the API reference page', () => {
  test('lists every operation of the document, with nothing loaded from another origin and no CSP refusal', async ({ page, baseURL }) => {
    const origin = new URL(baseURL as string).origin;
    const elsewhere: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) elsewhere.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });

    const document = (await (await page.request.get('/api/session/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => METHODS.includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();

    await page.goto('/api/session/docs');
    await expect(page.getByRole('heading', { name: 'FounderMesh API', level: 1 })).toBeVisible();
    // Every tag is open (docs-page.ts), so the sidebar links each operation: #tag/<tag>/<METHOD>/<path>.
    const listed = async () =>
      [
        ...new Set(
          (await page.locator('a[href*="#tag/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')))
            .map((href) => /#tag\/[^/]+\/(GET|POST|PUT|PATCH|DELETE)(\/.*)$/.exec(decodeURIComponent(href)))
            .filter((match) => match !== null)
            .map((match) => `${match[1]} ${match[2]}`),
        ),
      ].sort();
    await expect.poll(listed, { timeout: 30_000 }).toEqual(operations);
    await expect(page.getByText('Sign in with email and password').first()).toBeVisible();
    expect(elsewhere).toEqual([]);
    expect(refused).toEqual([]);
  });
});
