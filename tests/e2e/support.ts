import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

/**
 * Each test speaks as a client address of its own (the API limits registrations and sign-ins
 * per address), so tests and their retries never share a rate-limit bucket. Locally the
 * proxy passes CF-Connecting-IP through; on Cloudflare the edge sets it and clients cannot.
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and this one has none.
  extraHTTPHeaders: async ({}, use) => {
    const [a, b, c] = [0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1);
    await use({ 'CF-Connecting-IP': `10.${a}.${b}.${c}` });
  },
});

export const DEMO_MEMBER = { email: 'demo@foundermesh.dev', password: 'demo-password-2026' };
export const DEMO_ADMIN = { email: 'admin@foundermesh.dev', password: 'admin-password-2026' };

let counter = 0;
/** An address no other test uses, so tests run in any order and in parallel. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

type Mail = { _id: string; to: string; subject: string; text: string; html: string; createdAt: string };

/** The newest mail the development mailbox holds for `to`, waiting briefly for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/session/dev/mailbox?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: Mail[] };
      found = messages.find((mail) => subject.test(mail.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that points at `pathname` on the app. */
export function linkIn(mail: Mail, pathname: string): URL {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${pathname}\\?[^\\s]+`));
  if (!match) throw new Error(`no ${pathname} link in: ${mail.text}`);
  return new URL(match[0]);
}

/** Fails on any serious or critical axe violation, listing them readably. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Opens a page and waits for its islands to hydrate, so clicks and keys reach React; answers the HTTP status. */
export async function openHydrated(page: Page, path: string): Promise<number> {
  const response = await page.goto(path);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  return response?.status() ?? 0;
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
}

/** Registers a founder through the screens; the member lands on the verify-email screen. */
export async function register(page: Page, email: string, password: string, firstName = 'Ada'): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Founder', { exact: true }).check();
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
}

/** Registers through the screens and verifies with the mailed link: the member ends signed in. */
export async function registerVerified(page: Page, request: APIRequestContext, email: string, password: string): Promise<void> {
  await register(page, email, password);
  const link = linkIn(await latestMail(request, email, /verification/i), '/verify-email');
  // Opening the link verifies: the page sends its form by itself once loaded.
  await page.goto(link.pathname + link.search);
  // The verified member is sent on (to onboarding); the page that follows may still be on its
  // way when the header already shows Sign out, and text typed before it replaces this one is lost.
  await page.waitForURL((url) => !url.pathname.startsWith('/verify-email'));
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}
