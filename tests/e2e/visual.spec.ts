/**
 * The main screens checked by their pictures: each at 375 and 1280 px, in the light and the
 * dark theme, against the baselines under tests/e2e/__screenshots__/ (docs/testing.md says
 * how to regenerate them). The people and posts shown have fixed names, taglines and cities
 * (visual-support.ts), lists are narrowed to them (a search word, a hashtag, a city only
 * they share), and what changes from run to run (times, figures other tests move) is masked.
 * At each width the screen also passes the layout checks of layout.ts: no sideways scroll,
 * no text spilling out of its box, names and taglines with room to read.
 */
import type { Locator, Page } from '@playwright/test';
import { expectCleanLayout, expectRoomy } from './layout';
import type { Member } from './profile-page-support';
import { DEMO_ADMIN, expect, test } from './support';
import { ensureConnected, fixedMember, shootEverywhere, signInByApi, type Stack, type Width } from './visual-support';

const stackOf = (browser: Stack['browser'], baseURL: string | undefined, headers: Record<string, string> | undefined): Stack => ({
  browser,
  baseURL: baseURL!,
  headers: headers ?? {},
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Taglines long enough to wrap, as real ones do. */
const JONAS_TAGLINE = 'Building the operating system for independent clinics across Europe and beyond';

/** The hashtag of this spec's feed posts, and the posts. */
const FEED_TAG = 'visualtour';
const FEED_POSTS = [
  `Which card reader works offline for a full market day? Asking for 40 traders. #${FEED_TAG}`,
  `Twelve stalls in Lagos now take payments through us, and every one of them asked for the same thing first: a receipt they can print. Shipping it this week. #${FEED_TAG}`,
];

/** Hana and Theo's conversation, oldest first. */
const INBOX_MESSAGES = (hana: Member, theo: Member): Array<[Member, Member, string]> => [
  [hana, theo, 'Hi Theo, I saw your talk on pricing for B2B tools. Could I ask you two questions about annual plans?'],
  [theo, hana, 'Of course. Send them over, I am around all afternoon.'],
  [hana, theo, 'Do you discount annual plans up front, or only when a buyer asks? And do you publish the price?'],
];

const closeAll = (...members: Member[]) => Promise.all(members.map((member) => member.context.close()));

test.describe('screens checked by their pictures', () => {
  // Twelve pictures or more per test on a shared two-core machine.
  test.describe.configure({ timeout: 180_000 });

  test('home, as a visitor', async ({ page }) => {
    await shootEverywhere(page, {
      path: '/',
      name: 'home-visitor',
      // The figures count every member and post (masked); the featured advisors and latest posts are
      // whoever other tests made last, so their lists leave the picture (the page's CSP refuses injected styles).
      ready: async (p) => {
        await expect(heading(p, /./)).toBeVisible();
        await p.locator('.home-section .result-list, .home-section .topic-list').evaluateAll((lists) => {
          for (const list of lists) list.remove();
        });
      },
      layout: async (p) => expectCleanLayout(p),
      mask: (p) => [p.locator('.home-figures')],
    });
  });

  test('home, signed in: where a new member starts', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const vera = await fixedMember(stackOf(browser, baseURL, extraHTTPHeaders), { key: 'home', firstName: 'Vera', lastName: 'Lindqvist' });
    await shootEverywhere(vera.page, {
      path: '/',
      name: 'home-member',
      ready: async (p) => {
        await expect(heading(p, 'Welcome, Vera')).toBeVisible();
        await expect(p.getByRole('region', { name: 'Start here' })).toBeVisible();
      },
      layout: async (p) => expectCleanLayout(p),
    });
    await closeAll(vera);
  });

  test('home, signed in: the dashboard with a request, a message and a post', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const wes = await fixedMember(stack, { key: 'dashboard', firstName: 'Wes', lastName: 'Adeyemi', fields: { tagline: 'Logistics software for small importers' } });
    const mira = await fixedMember(stack, {
      key: 'dashboard-mira',
      firstName: 'Mira',
      lastName: 'Castellanos',
      fields: { tagline: 'Operator turned angel, two exits in freight' },
    });
    const omar = await fixedMember(stack, {
      key: 'dashboard-omar',
      firstName: 'Omar',
      lastName: 'Haddad',
      fields: { tagline: 'Backend engineer looking for a business co-founder' },
    });
    await ensureConnected(stack, mira, wes);
    const headers = { origin: stack.baseURL };
    // Once per stack: a pending request (a second ask is refused), a message and a post.
    const asked = await omar.context.request.post('/api/session/connection/connect', {
      data: { receiverId: wes.id, note: 'Saw your post on customs data. Open to a chat?' },
      headers,
    });
    if (asked.status() === 201) {
      const sent = await mira.context.request.post('/api/session/connections/messages', { multipart: { to: wes.id, body: 'Happy to look at your deck before Friday.' }, headers });
      expect(sent.status(), await sent.text()).toBe(201);
      const posted = await mira.context.request.post('/api/session/feed-post', {
        multipart: { post_by: mira.id, text: 'Three questions I ask every freight founder before I invest.' },
        headers,
      });
      expect(posted.status(), await posted.text()).toBe(201);
    }
    await shootEverywhere(wes.page, {
      path: '/',
      name: 'home-dashboard',
      ready: async (p) => {
        await expect(heading(p, 'Welcome, Wes')).toBeVisible();
        await expect(p.getByRole('region', { name: /^Connection requests/ }).getByRole('link', { name: 'Omar Haddad' })).toBeVisible();
        await expect(p.getByRole('region', { name: 'From your connections' })).toContainText('Three questions I ask');
      },
      layout: async (p) => {
        await expectCleanLayout(p);
        await expectRoomy(p.locator('.db-row-name').first(), { minWidth: 100, maxLines: 1 });
      },
    });
    await closeAll(wes, mira, omar);
  });

  test('profiles: a stranger’s, a connection’s and your own', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const jonas = await fixedMember(stack, {
      key: 'profile-jonas',
      firstName: 'Jonas',
      lastName: 'Weber',
      fields: {
        tagline: JONAS_TAGLINE,
        bio: 'Ten years in hospital software, the last four running engineering at a clinic chain.\n\nLooking for a commercial co-founder who knows European healthcare buyers.',
        skills: ['engineering', 'product'],
        ideaStage: 'prototype',
        industries: ['healthtech'],
        interests: ['clinics', 'scheduling'],
        cityId: '3413829', // Reykjavík
        lookingForCofounder: 'true',
      },
    });
    const stranger = await fixedMember(stack, { key: 'profile-stranger', firstName: 'Ben', lastName: 'Okafor' });
    const friend = await fixedMember(stack, { key: 'profile-friend', firstName: 'Cleo', lastName: 'Marchetti' });
    await ensureConnected(stack, friend, jonas);

    const header = async (p: Page, width: Width) => {
      await expectCleanLayout(p);
      // The header collapsed once beside Connect and the Premium offer (name on two lines, tagline on six).
      await expectRoomy(p.locator('.pf-name'), { minWidth: width === 1280 ? 240 : 200, maxLines: 1 });
      await expectRoomy(p.locator('.pf-tagline'), { minWidth: width === 1280 ? 480 : 200, maxLines: width === 1280 ? 2 : 4 });
    };
    const path = `/founder/${jonas.slug}`;
    // The actions come after hydration, once the relation is loaded: the picture waits for them.
    const showing = (action: (p: Page) => Locator) => async (p: Page) => {
      await expect(heading(p, 'Jonas Weber')).toBeVisible();
      await expect(action(p)).toBeVisible();
    };
    await shootEverywhere(stranger.page, { path, name: 'profile-stranger', ready: showing((p) => p.locator('[data-request-upsell]')), layout: header });
    await shootEverywhere(friend.page, { path, name: 'profile-connection', ready: showing((p) => p.getByRole('link', { name: 'Message Jonas Weber' })), layout: header });
    await shootEverywhere(jonas.page, { path, name: 'profile-own', ready: showing((p) => p.getByRole('link', { name: 'Edit profile' })), layout: header });
    await closeAll(jonas, stranger, friend);
  });

  test('feed', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const [amara, viewer] = [
      await fixedMember(stack, { key: 'feed-amara', firstName: 'Amara', lastName: 'Nwosu', fields: { tagline: 'Payments for market traders' } }),
      await fixedMember(stack, { key: 'feed-viewer', firstName: 'Lena', lastName: 'Horvat' }),
    ];
    // A hashtag of this spec's own: other tests post to the feed at the same time.
    const existing = (await (await viewer.context.request.get(`/api/session/feed-post?hashtag=${FEED_TAG}`)).json()) as { data: unknown[] };
    if (existing.data.length === 0) {
      for (const text of FEED_POSTS) {
        const posted = await amara.context.request.post('/api/session/feed-post', { multipart: { post_by: amara.id, text }, headers: { origin: stack.baseURL } });
        expect(posted.status(), await posted.text()).toBe(201);
      }
    }
    await shootEverywhere(viewer.page, {
      path: `/feed?hashtag=${FEED_TAG}`,
      name: 'feed',
      ready: async (p) => expect(p.getByText(/^Twelve stalls in Lagos/)).toBeVisible(),
      layout: async (p, width) => {
        await expectCleanLayout(p);
        await expectRoomy(p.locator('.fd-post').getByRole('link', { name: 'Amara Nwosu' }).first(), { minWidth: 60, maxLines: 1 });
        if (width === 1280) await expectRoomy(p.getByText(/^Twelve stalls in Lagos/), { minWidth: 480, maxLines: 3 });
      },
    });
    await closeAll(amara, viewer);
  });

  test('founder search', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const people = [
      await fixedMember(stack, {
        key: 'search-mara',
        firstName: 'Mara',
        lastName: 'Quillfeather',
        fields: { tagline: 'Carbon accounting for small manufacturers', industries: ['climate'], cityId: '3413829' },
      }),
      await fixedMember(stack, {
        key: 'search-tomas',
        firstName: 'Tomas',
        lastName: 'Quillfeather',
        fields: { tagline: 'Tools for independent bookshops', skills: ['sales-marketing'], commitment: 'part-time' },
      }),
      await fixedMember(stack, { key: 'search-viewer', firstName: 'Rosa', lastName: 'Delgado' }),
    ];
    await shootEverywhere(people[2]!.page, {
      path: '/founders?q=Quillfeather',
      name: 'search',
      // The filters' script has wired the form (its sticky "Show results" bar goes on wide screens).
      ready: async (p) => {
        await expect(p.locator('.result-card')).toHaveCount(2);
        await expect(p.locator('form[data-search-form][data-live]')).toHaveCount(1);
      },
      layout: async (p, width) => {
        await expectCleanLayout(p);
        await expectRoomy(p.locator('.result-name'), { minWidth: width === 1280 ? 200 : 160, maxLines: 1 });
        await expectRoomy(p.locator('.result-tagline'), { minWidth: width === 1280 ? 200 : 160, maxLines: 2 });
      },
    });
    await closeAll(...people);
  });

  test('matching', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    // Both in Tromsø, where no other test's member lives, and the viewer must have the same city.
    const inTromso = { cityId: '3133895', lookingForCofounder: 'true' };
    const ines = await fixedMember(stack, {
      key: 'match-ines',
      firstName: 'Ines',
      lastName: 'Haugland',
      fields: {
        ...inTromso,
        tagline: 'Cold-chain tracking for Arctic fisheries',
        cofounderPreferences: JSON.stringify({ location: { value: 'same-city', importance: 'must-have' } }),
      },
    });
    const oskar = await fixedMember(stack, {
      key: 'match-oskar',
      firstName: 'Oskar',
      lastName: 'Berntsen',
      fields: {
        ...inTromso,
        technical: 'false',
        skills: ['sales-marketing', 'operations'],
        tagline: 'Sold software to the seafood industry for eight years',
        industries: ['marketplaces'],
      },
    });
    await shootEverywhere(ines.page, {
      path: '/matching',
      name: 'matching',
      ready: async (p) => expect(p.locator('.match-name')).toHaveText('Oskar Berntsen'),
      layout: async (p, width) => {
        await expectCleanLayout(p);
        await expectRoomy(p.locator('.match-name'), { minWidth: width === 1280 ? 240 : 160, maxLines: 1 });
        await expectRoomy(p.locator('.match-tagline'), { minWidth: width === 1280 ? 240 : 160, maxLines: 2 });
      },
    });
    await closeAll(ines, oskar);
  });

  test('inbox', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const [hana, theo] = [
      await fixedMember(stack, { key: 'inbox-hana', firstName: 'Hana', lastName: 'Sato' }),
      await fixedMember(stack, { key: 'inbox-theo', firstName: 'Theo', lastName: 'Brandt' }),
    ];
    await ensureConnected(stack, hana, theo);
    const listed = await hana.context.request.get('/api/session/connections');
    expect(listed.status(), await listed.text()).toBe(200);
    const threads = (await listed.json()) as { data: unknown[] };
    if (threads.data.length === 0) {
      for (const [from, to, body] of INBOX_MESSAGES(hana, theo)) {
        const sent = await from.context.request.post('/api/session/connections/messages', { multipart: { body, to: to.id }, headers: { origin: stack.baseURL } });
        expect(sent.status(), await sent.text()).toBe(201);
      }
    }
    await shootEverywhere(hana.page, {
      path: `/inbox?with=${theo.id}`,
      name: 'inbox',
      ready: async (p) => expect(p.locator('.ib-msg')).toHaveCount(INBOX_MESSAGES(hana, theo).length),
      // "Today" until midnight, then a date.
      mask: (p) => [p.locator('.ib-day-label')],
      layout: async (p) => expectCleanLayout(p),
    });
    await closeAll(hana, theo);
  });

  test('notifications', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const nora = await fixedMember(stack, { key: 'notify-nora', firstName: 'Nora', lastName: 'Fitzgerald' });
    const others = [
      await fixedMember(stack, { key: 'notify-ravi', firstName: 'Ravi', lastName: 'Menon' }),
      await fixedMember(stack, { key: 'notify-elsa', firstName: 'Elsa', lastName: 'Kowalski' }),
    ];
    // Ravi asks and Nora accepts; Elsa's request waits.
    await ensureConnected(stack, others[0]!, nora);
    await others[1]!.context.request.post('/api/session/connection/connect', { data: { receiverId: nora.id }, headers: { origin: stack.baseURL } });
    await shootEverywhere(nora.page, {
      path: '/notifications',
      name: 'notifications',
      ready: async (p) => expect(p.getByRole('main').locator('.nt-row').filter({ hasText: 'Elsa Kowalski' })).toBeVisible(),
      layout: async (p) => expectCleanLayout(p),
    });
    await closeAll(nora, ...others);
  });

  test('premium', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const pia = await fixedMember(stackOf(browser, baseURL, extraHTTPHeaders), { key: 'premium-pia', firstName: 'Pia', lastName: 'Johansson' });
    await shootEverywhere(pia.page, {
      path: '/premium',
      name: 'premium',
      ready: async (p) => expect(heading(p, /./)).toBeVisible(),
      layout: async (p) => expectCleanLayout(p),
    });
    await closeAll(pia);
  });

  test('settings', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const sam = await fixedMember(stackOf(browser, baseURL, extraHTTPHeaders), {
      key: 'settings-sam',
      firstName: 'Samuel',
      lastName: 'Achterberg',
      fields: { tagline: 'Second-time founder, first time in climate', cityId: '3413829' },
    });
    await shootEverywhere(sam.page, {
      path: '/settings/profile',
      name: 'settings',
      ready: async (p) => expect(heading(p, /./)).toBeVisible(),
      layout: async (p) => expectCleanLayout(p),
    });
    await closeAll(sam);
  });

  test('admin overview', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const page = await signInByApi(stackOf(browser, baseURL, extraHTTPHeaders), DEMO_ADMIN.email, DEMO_ADMIN.password);
    await shootEverywhere(page, {
      path: '/admin',
      name: 'admin',
      ready: async (p) => expect(p.locator('.stat')).toHaveCount(6),
      // Other tests register members all the time: the figures and shares move.
      mask: (p) => [p.locator('.stat-value'), p.locator('.stat .small')],
      layout: async (p) => expectCleanLayout(p),
    });
    await page.context().close();
  });
});
