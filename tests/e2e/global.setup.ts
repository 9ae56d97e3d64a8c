import { expect, test as setup } from '@playwright/test';

setup('the demo data is loaded before the browser tests run', async ({ request, baseURL }) => {
  const response = await request.post('/api/session/dev/seed', { data: {}, headers: { origin: baseURL! } });
  expect(response.ok()).toBe(true);
});
