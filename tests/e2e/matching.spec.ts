import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { api, newMember, type Stack } from './profile-page-support';
import { expect, expectNoSeriousA11yViolations, test, openHydrated as open } from './support';

const card = (page: Page) => page.locator('article.match-card');
const reviewed = (page: Page) => card(page).getByRole('heading', { level: 2 });

/** A founder looking for a technical co-founder in health or fintech, as the demo data has several. */
const LOOKING_FOUNDER = {
  tagline: 'Selling software to clinics',
  technical: 'false',
  skills: ['sales-marketing', 'fundraising'],
  commitment: 'full-time',
  ideaStage: 'prototype',
  industries: ['healthtech', 'fintech'],
  openToRemote: 'true',
  lookingForCofounder: 'true',
  cofounderPreferences: JSON.stringify({
    technical: { value: 'technical', importance: 'nice-to-have' },
    skills: { value: ['engineering'], importance: 'nice-to-have' },
    industries: { importance: 'nice-to-have' },
  }),
};

test.describe('matching', () => {
  test('a founder reviews co-founder matches with the keyboard: score, reasons, Not now and Interested kept on the server, undo', async ({ browser, extraHTTPHeaders }) => {
    test.setTimeout(90_000);
    const stack: Stack = { browser, baseURL, headers: extraHTTPHeaders ?? {} };
    const mira = await newMember(stack, { firstName: 'Mira', memberType: 'founder', profile: LOOKING_FOUNDER });
    const { page } = mira;
    await open(page, '/matching');
    await expect(page.getByRole('link', { name: 'Co-founders' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/^5 of 5 invitations left this week · renew /)).toBeVisible();

    // The suggestion under review: who, how well, and why.
    // biome-ignore lint/performance/useDomNodeTextContent: the name as shown, which the buttons' accessible names repeat
    const first = await reviewed(page).innerText();
    await expect(card(page).getByText(/^\d{1,3}% match$/)).toBeVisible();
    await expect(card(page).getByRole('meter', { name: /^Match score: \d{1,3}%$/ })).toBeVisible();
    await expect(card(page).getByRole('heading', { name: 'Why you match' })).toBeVisible();
    await expect(card(page).locator('.match-reasons li').first()).toHaveText(/\w/);
    await expect(card(page).getByRole('link', { name: `View profile of ${first}` })).toHaveAttribute('href', /^\/founder\//);

    // Not now with the keyboard: the next suggestion comes up and takes the focus.
    await card(page)
      .getByRole('button', { name: `Not now for ${first}` })
      .focus();
    await page.keyboard.press('Enter');
    await expect(reviewed(page)).not.toHaveText(first);
    await expect(page.locator('.match-undo')).toContainText(`Not now for ${first}`);
    // biome-ignore lint/performance/useDomNodeTextContent: the name as shown, which the buttons' accessible names repeat
    const second = await reviewed(page).innerText();
    await expect(reviewed(page)).toBeFocused();

    // The answer is the server's: it lasts a reload.
    await page.reload();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(reviewed(page)).toHaveText(second);

    // I says Interested; U takes it back and the card returns; I again.
    await page.keyboard.press('i');
    await expect(page.locator('.match-undo')).toContainText(`You’re interested in ${second}.`);
    await expect(page.getByText(/^4 of 5 invitations left this week/)).toBeVisible();
    await page.keyboard.press('u');
    await expect(reviewed(page)).toHaveText(second);
    await expect(page.getByText(/^5 of 5 invitations left this week/)).toBeVisible();
    await card(page)
      .getByRole('button', { name: `Interested in ${second}` })
      .click();
    await expect(reviewed(page)).not.toHaveText(second);

    await open(page, '/matching');
    await expect(card(page).or(page.locator('.match-empty'))).toBeVisible();
    await expect(page.locator('.match-deck').getByText(second, { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await mira.context.close();
  });

  test('a founder also gets advisors, and an advisor gets founders they could help', async ({ browser, extraHTTPHeaders }) => {
    test.setTimeout(90_000);
    const stack: Stack = { browser, baseURL, headers: extraHTTPHeaders ?? {} };
    const [nia, vera] = await Promise.all([
      newMember(stack, { firstName: 'Nia', memberType: 'founder', profile: LOOKING_FOUNDER }),
      newMember(stack, {
        firstName: 'Vera',
        memberType: 'advisor',
        profile: {
          position: 'Angel investor',
          expertise: ['fundraising', 'go-to-market'],
          industries: ['healthtech', 'fintech'],
          helpTypes: ['investing', 'advising'],
        },
      }),
    ]);

    await open(nia.page, '/matching');
    const sections = nia.page.getByRole('navigation', { name: 'Suggestions' });
    await sections.getByRole('link', { name: 'Advisors' }).click();
    await expect(nia.page).toHaveURL(/\/matching\?tab=advisors$/);
    await expect(sections.getByRole('link', { name: 'Advisors' })).toHaveAttribute('aria-current', 'page');
    await expect(card(nia.page).getByRole('link', { name: /^View profile of / })).toHaveAttribute('href', /^\/advisor\//);

    await open(vera.page, '/matching');
    await expect(vera.page.getByRole('heading', { level: 1, name: 'Founders you could help' })).toBeVisible();
    await expect(vera.page.getByRole('navigation', { name: 'Suggestions' })).toHaveCount(0);
    await expect(card(vera.page).getByRole('link', { name: /^View profile of / })).toHaveAttribute('href', /^\/founder\//);
    await Promise.all([nia.context.close(), vera.context.close()]);
  });

  test('a founder whose must-haves nobody meets is sent to complete their preferences', async ({ browser, extraHTTPHeaders }) => {
    const stack: Stack = { browser, baseURL, headers: extraHTTPHeaders ?? {} };
    const member = await newMember(stack, { firstName: 'Orla', memberType: 'founder' });
    const cities = (await (await api(member, baseURL, 'GET', 'cities?search=torshavn&limit=1')).json()) as { data: Array<{ id: number }> };
    const edited = await member.context.request.put('/api/session/founder/profile', {
      multipart: {
        firstName: 'Orla',
        lastName: 'Tester',
        technical: 'true',
        skills: 'engineering',
        commitment: 'part-time',
        ideaStage: 'idea',
        lookingForCofounder: 'true',
        cityId: String(cities.data[0]!.id),
        cofounderPreferences: JSON.stringify({
          location: { value: 'same-city', importance: 'must-have' },
          skills: { value: ['legal'], importance: 'must-have' },
          technical: { value: 'non-technical', importance: 'must-have' },
          ideaStage: { value: ['revenue'], importance: 'must-have' },
        }),
      },
      headers: { origin: baseURL },
    });
    expect(edited.status(), await edited.text()).toBe(200);

    await open(member.page, '/matching');
    await expect(member.page.getByRole('heading', { name: 'No matches yet — complete your co-founder preferences' })).toBeVisible();
    await expect(member.page.getByRole('link', { name: 'Complete your co-founder preferences' })).toHaveAttribute('href', '/settings/profile');
    await expect(card(member.page)).toHaveCount(0);
    await member.context.close();
  });
});
