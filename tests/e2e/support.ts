import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

export { expect };

/**
 * The tests' fixtures:
 * - `extraHTTPHeaders`: each test speaks as a client address of its own (the API limits
 *   registrations and sign-ins per address), so tests never share a rate-limit bucket. Locally
 *   the proxy passes CF-Connecting-IP through; on Cloudflare the edge sets it and clients cannot.
 * - `stack`: the browser, the app's address and those headers, for helpers that open contexts.
 * - `makeMember(traits)`: a member made by the development member factory (see newMember),
 *   signed in within a context of their own; the contexts close when the test ends.
 * - `member`: a founder made the same way and signed in on the test's own `page`.
 */
export const test = base.extend<{ stack: Stack; makeMember: (traits?: MemberTraits) => Promise<Member>; member: Member }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and this one has none.
  extraHTTPHeaders: async ({}, use) => {
    const [a, b, c] = [0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1);
    await use({ 'CF-Connecting-IP': `10.${a}.${b}.${c}` });
  },
  stack: async ({ browser, baseURL, extraHTTPHeaders }, use) => {
    await use({ browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} });
  },
  makeMember: async ({ stack }, use) => {
    const made: Member[] = [];
    await use(async (traits) => {
      const member = await newMember(stack, traits);
      made.push(member);
      return member;
    });
    await Promise.all(made.map((member) => member.context.close()));
  },
  member: async ({ context, page, baseURL }, use) => {
    const made = await make(context.request, baseURL!, { lastName: `Tester${randomLetters(6)}` });
    await signInContext(context, baseURL!, made);
    const { _id, firstName, lastName, memberType } = made.user;
    await use({ id: _id, email: made.email, password: made.password, slug: made.slug, name: `${firstName} ${lastName}`, memberType, context, page });
  },
});

/** Lower-case letters at random, for names no other test uses. */
export const randomLetters = (count: number) => Array.from({ length: count }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

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

export interface Stack {
  browser: Browser;
  baseURL: string;
  headers: Record<string, string>;
}

/** A member made for a test, signed in within a browser context of their own. */
export interface Member {
  id: string;
  email: string;
  password: string;
  slug: string;
  name: string;
  memberType: 'founder' | 'advisor';
  context: BrowserContext;
  page: Page;
}

/** An onboarding form value: text, a list (the key repeated), or a file. */
export type FormValue = string | string[] | { name: string; type: string; bytes: Buffer };

/** What POST /dev/members takes (functions/src/dev/member-factory-routes.ts); all optional. */
export interface MemberTraits {
  firstName?: string;
  /** Default "Tester" (the factory alone would pick one at random). */
  lastName?: string;
  memberType?: 'founder' | 'advisor';
  email?: string;
  password?: string;
  /** false: verified, but onboarding still ahead. */
  onboarded?: boolean;
  /** Onboarding form fields beyond the required ones; pictures are sent through the onboarding form itself. */
  profile?: Record<string, FormValue>;
  premium?: boolean;
  admin?: boolean;
  /** The digest consent of registration (default true). */
  digest?: boolean;
  /** Members the new one is connected with (accepted). */
  connectedTo?: Array<Pick<Member, 'id'>>;
}

type Made = { jwt: string; email: string; password: string; slug: string; user: { _id: string; firstName: string; lastName: string; memberType: 'founder' | 'advisor' } };

/** Calls the API as `member` through the session proxy (the browser's own door). */
export function api(member: Pick<Member, 'context'>, baseURL: string, method: string, path: string, data?: unknown) {
  return member.context.request.fetch(`/api/session/${path}`, { method, data, headers: { origin: baseURL } });
}

/** A multipart form: lists as the key repeated, files as Blobs. */
export function formOf(fields: Record<string, FormValue>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(key, item);
    else if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  return form;
}

/**
 * Signs `context` in as a made member: the session cookies the app sets at sign-in
 * (src/lib/session/cookies.ts), for the test stack's host.
 */
async function signInContext(context: BrowserContext, baseURL: string, made: Made): Promise<void> {
  const cookie = { url: baseURL, sameSite: 'Strict' as const };
  await context.addCookies([
    { ...cookie, name: 'token', value: made.jwt, httpOnly: true },
    { ...cookie, name: 'isAdvisor', value: String(made.user.memberType === 'advisor') },
  ]);
}

/** Asks the development member factory for a member; answers its credentials and session token. */
async function make(request: APIRequestContext, baseURL: string, traits: MemberTraits): Promise<Made> {
  const { profile = {}, connectedTo = [], ...rest } = traits;
  const texts = Object.fromEntries(Object.entries(profile).filter((entry): entry is [string, string | string[]] => typeof entry[1] === 'string' || Array.isArray(entry[1])));
  const withPictures = Object.keys(texts).length < Object.keys(profile).length;
  const response = await request.post('/api/session/dev/members', {
    // A profile with pictures is onboarded through the form itself (multipart), after.
    data: { ...rest, profile: texts, onboarded: withPictures ? false : (traits.onboarded ?? true), connectedTo: connectedTo.map((member) => member.id) },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Made;
}

/** Completes onboarding through the form (multipart, as the browser sends it), for a profile with pictures. */
async function onboardWithPictures(context: BrowserContext, baseURL: string, made: Made, profile: Record<string, FormValue>): Promise<string> {
  const { firstName, lastName, memberType } = made.user;
  const required: Record<string, FormValue> =
    memberType === 'founder'
      ? { firstName, lastName, technical: 'true', skills: ['engineering'], commitment: 'full-time', ideaStage: 'idea' }
      : { name: `${firstName} ${lastName}`, expertise: ['fundraising'], helpTypes: ['mentoring'] };
  const response = await context.request.post(`/api/session/${memberType}/onboarding`, { multipart: formOf({ ...required, ...profile }), headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { profile: { slug: string } }).profile.slug;
}

/**
 * A verified member with the traits asked for (onboarded unless `onboarded: false`), made by
 * one call of the development member factory (POST /dev/members) and signed in within a
 * browser context of their own, so several members act side by side. Registration,
 * verification and onboarding have their own tests through the screens.
 */
export async function newMember(stack: Stack, traits: MemberTraits = {}): Promise<Member> {
  const context = await stack.browser.newContext({ baseURL: stack.baseURL, extraHTTPHeaders: stack.headers });
  // "Tester" as the screens' tests have always named their members; pass one of its own where another test's could stand in.
  const made = await make(context.request, stack.baseURL, { lastName: 'Tester', ...traits });
  await signInContext(context, stack.baseURL, made);
  const pictures = Object.values(traits.profile ?? {}).some((value) => typeof value === 'object' && !Array.isArray(value));
  const slug = pictures ? await onboardWithPictures(context, stack.baseURL, made, traits.profile!) : made.slug;
  const { _id, firstName, lastName, memberType } = made.user;
  return { id: _id, email: made.email, password: made.password, slug, name: `${firstName} ${lastName}`, memberType, context, page: await context.newPage() };
}

/** The address of a member's public profile. */
export const profileHref = (member: Pick<Member, 'memberType' | 'slug'>) => `/${member.memberType}/${member.slug}`;

/**
 * Waits until every island of a component inside `scope` is hydrated. Islands hydrate one by
 * one (`client:idle` when the browser is idle), so the first one being ready says nothing of
 * the one a test is about to click; a click on one still server-rendered skips its script.
 */
export async function hydrated(scope: Page | Locator, component: string): Promise<void> {
  const islands = scope.locator(`astro-island[component-url*="${component}"]`);
  await expect(islands.first()).toBeAttached();
  await expect(scope.locator(`astro-island[component-url*="${component}"][ssr]`)).toHaveCount(0);
}

/** Resolves once the page's live socket has its "/" namespace connected. */
export function liveConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname !== '/socket.io/') return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) resolve();
      });
    });
  });
}
