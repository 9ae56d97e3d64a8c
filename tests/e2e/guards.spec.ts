import { DEMO_ADMIN, DEMO_MEMBER, expect, signIn, test } from './support';

test('a visitor asking for a member page is sent to sign in and brought back afterwards', async ({ page }) => {
  await page.goto('/settings/password');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings%2Fpassword/);
  await page.getByLabel('Email').fill(DEMO_MEMBER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings\/password$/);
});

test('/settings opens the Profile tab, after signing in for a visitor', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings$/);
  await page.getByLabel('Email').fill(DEMO_MEMBER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  const response = await page.goto('/settings');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/settings\/profile$/);
});

test('a member who is not an admin gets the 403 page on the admin area', async ({ page }) => {
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/access/i);
});

test('an admin sees the admin overview with member counts', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(200);
  await expect(page.getByText(/founders/i).first()).toBeVisible();
});

test('sign-in works with JavaScript turned off', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await context.close();
});
