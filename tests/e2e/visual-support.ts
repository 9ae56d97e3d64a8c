/**
 * Data and shots for the screenshot comparisons (visual.spec.ts): members with fixed names,
 * addresses and profiles, and the four pictures of a screen (375 and 1280 px, light and dark).
 *
 * The members are found again when they already exist (a second run on the same stack)
 * instead of being made twice, so a list or a search shows the same people
 * every time. Their addresses (`visual-<key>@example.com`) belong to this spec alone.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, newMember, type FormValue, type Member } from './support';

export const VISUAL_PASSWORD = 'visual-e2e-password';

export const WIDTHS = [375, 1280] as const;
export const THEMES = ['light', 'dark'] as const;
export type Width = (typeof WIDTHS)[number];
export type Theme = (typeof THEMES)[number];

export interface Stack {
  browser: Browser;
  baseURL: string;
  headers: Record<string, string>;
}

interface FixedMember {
  /** The address is `visual-<key>@example.com`. */
  key: string;
  firstName: string;
  lastName: string;
  memberType?: 'founder' | 'advisor';
  /** Onboarding fields beyond the required ones (tagline, city, preferences…). */
  fields?: Record<string, FormValue>;
}

type Me = { _id: string; profile: { slug: string } | null; advisor: { slug: string } | null };

/** A signed-in member with a fixed name and profile: made by the member factory the first time, signed in after. */
export async function fixedMember(stack: Stack, { key, firstName, lastName, memberType = 'founder', fields = {} }: FixedMember): Promise<Member> {
  const email = `visual-${key}@example.com`;
  const context = await stack.browser.newContext({ baseURL: stack.baseURL, extraHTTPHeaders: stack.headers });
  const signedIn = await context.request.post('/api/session/auth/user-login', { data: { email, password: VISUAL_PASSWORD }, headers: { origin: stack.baseURL } });
  if (!signedIn.ok()) {
    // Not made yet on this stack (a 401): make them.
    await context.close();
    return newMember(stack, { email, password: VISUAL_PASSWORD, firstName, lastName, memberType, profile: fields });
  }
  const me = (await (await context.request.get('/api/session/auth/me')).json()) as Me;
  const slug = (me.profile ?? me.advisor)!.slug;
  return { id: me._id, email, password: VISUAL_PASSWORD, slug, name: `${firstName} ${lastName}`, memberType, context, page: await context.newPage() };
}

/** Asks and accepts a connection between two members, unless they are connected already. */
export async function ensureConnected(stack: Stack, from: Member, to: Member): Promise<void> {
  const headers = { origin: stack.baseURL };
  const asked = await from.context.request.post('/api/session/connection/connect', { data: { receiverId: to.id }, headers });
  if (asked.status() !== 201) return;
  const { connection } = (await asked.json()) as { connection: { _id: string } };
  const accepted = await to.context.request.put(`/api/session/connection/accepted/${connection._id}`, { headers });
  expect(accepted.ok()).toBe(true);
}

/** Signs a context in as `email` (the demo admin, for instance) through the API. */
export async function signInByApi(stack: Stack, email: string, password: string): Promise<Page> {
  const context = await stack.browser.newContext({ baseURL: stack.baseURL, extraHTTPHeaders: stack.headers });
  const signedIn = await context.request.post('/api/session/auth/user-login', { data: { email, password }, headers: { origin: stack.baseURL } });
  expect(signedIn.ok()).toBe(true);
  return context.newPage();
}

export interface Shot {
  /** The screen's address. */
  path: string;
  /** The screenshot's name, without the width and theme. */
  name: string;
  /** Parts whose content changes from run to run (times, counts others change): painted over. */
  mask?: (page: Page) => Locator[];
  /** What must show before the picture is taken (the page's own content, loaded). */
  ready: (page: Page) => Promise<void>;
  /** Layout checks for this width, run before the picture. */
  layout?: (page: Page, width: Width) => Promise<void>;
}

/**
 * What changes with the clock on every screen, masked everywhere: times, a profile's "Joined
 * <month>" and the footer's year.
 */
const alwaysMasked = (page: Page): Locator[] => [
  page.locator('time'),
  page.locator('.pf-meta li').filter({ hasText: /^Joined / }),
  page.locator('.site-footer p').filter({ hasText: /^©/ }),
];

/** Gives every time one width while the picture is taken, so its mask is the same on every run. */
const SHOT_STYLE = fileURLToPath(new URL('./visual-shot.css', import.meta.url));

/** Opens the screen in a theme at a width, waits for islands, fonts and pictures, and settles animations. */
export async function openForShot(page: Page, path: string, width: Width, theme: Theme): Promise<void> {
  await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  // The app keeps the chosen theme in localStorage (src/components/shell/theme-script.ts): set it before the page runs.
  await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const images = [...document.images].filter((image) => image.loading !== 'lazy' || image.getBoundingClientRect().top < innerHeight);
    await Promise.all(images.map((image) => (image.complete ? null : image.decode().catch(() => null))));
  });
}

/** Takes the four pictures of a screen (two widths, two themes), running its layout checks at each width. */
export async function shootEverywhere(page: Page, shot: Shot): Promise<void> {
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      await openForShot(page, shot.path, width, theme);
      await shot.ready(page);
      if (theme === THEMES[0]) await shot.layout?.(page, width);
      await expect(page, `${shot.name} at ${width} px, ${theme}`).toHaveScreenshot(`${shot.name}-${width}-${theme}.png`, {
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        stylePath: SHOT_STYLE,
        mask: [...alwaysMasked(page), ...(shot.mask?.(page) ?? [])],
      });
    }
  }
}
