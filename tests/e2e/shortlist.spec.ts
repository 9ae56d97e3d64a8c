/**
 * The weekly shortlist (docs/product.md "Weekly shortlist"): a founder in Helsinki sees when
 * her first shortlist arrives; the job runs at that moment (08:00 in Helsinki, 06:00 UTC) and
 * the shortlist is at the top of /matching, in her notifications and in her mail. She says
 * Interested from it, it becomes a match, and a week later she answers "Did you meet? How did
 * it go?" from the notification's link. The section fits 375 px in the dark theme.
 */
import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { api, expect, expectNoSeriousA11yViolations, latestMail, newMember, openHydrated as open, type Stack, test } from './support';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A founder in the city, looking for a co-founder of the other kind. */
function founder(technical: boolean, cityId: number) {
  return {
    technical: String(technical),
    skills: technical ? ['engineering'] : ['sales-marketing'],
    commitment: 'full-time',
    ideaStage: 'prototype',
    industries: ['fintech'],
    lookingForCofounder: 'true',
    cityId: String(cityId),
  };
}

const section = (page: Page) => page.getByRole('region', { name: 'This week’s shortlist' });

test.describe('weekly shortlist', () => {
  test('arrives at 08:00 in the member’s city, on /matching, in the bell and by mail; a week after the match she says how it went', async ({ browser, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const stack: Stack = { browser, baseURL, headers: extraHTTPHeaders ?? {} };
    const probe = await newMember(stack, { firstName: 'Probe', memberType: 'founder' });
    const cities = (await (await api(probe, baseURL, 'GET', 'cities?search=helsinki&limit=1')).json()) as { data: Array<{ id: number }> };
    const cityId = cities.data[0]!.id;
    await probe.context.close();
    const [aino, mika, sanni] = await Promise.all([
      newMember(stack, { firstName: 'Aino', lastName: 'Lehto', memberType: 'founder', profile: founder(true, cityId) }),
      newMember(stack, { firstName: 'Mika', lastName: '<b>Virta</b>', memberType: 'founder', profile: founder(false, cityId) }),
      newMember(stack, { firstName: 'Sanni', lastName: 'Koski', memberType: 'founder', profile: founder(false, cityId) }),
    ]);
    // Aino takes this kind of news by mail.
    expect((await api(aino, baseURL, 'PATCH', 'notifications/preferences', { channels: { introductions: 'email' } })).status()).toBe(200);

    // Before the first: when it arrives, in her own clock.
    await open(aino.page, '/matching');
    await expect(section(aino.page)).toContainText('Your first shortlist is on its way.');
    const { nextAt } = (await (await api(aino, baseURL, 'GET', 'matching/shortlist')).json()) as { nextAt: string };
    // 08:00 in Helsinki (UTC+2 in winter).
    expect(new Date(nextAt).getUTCHours()).toBe(6);

    // The hourly job runs at her hour.
    const run = await api(aino, baseURL, 'POST', `dev/shortlists?at=${encodeURIComponent(nextAt)}`);
    expect(run.status()).toBe(200);
    expect(((await run.json()) as { built: number }).built).toBeGreaterThanOrEqual(1);

    await open(aino.page, '/matching');
    const list = section(aino.page);
    await expect(list.getByRole('link', { name: 'Mika <b>Virta</b>' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Sanni Koski' })).toBeVisible();
    await expect(list).toContainText('fit both ways');
    // The shortlist comes first on the screen, above "Interested in you".
    const shortlistBox = (await list.boundingBox())!;
    const queueBox = (await aino.page.getByRole('region', { name: /Interested in you/ }).boundingBox())!;
    expect(shortlistBox.y + shortlistBox.height).toBeLessThanOrEqual(queueBox.y);

    const mail = await latestMail(aino.context.request, aino.email, /This week’s shortlist/);
    expect(mail.text).toContain('Mika <b>Virta</b>');
    // Member text is escaped in the mail's HTML.
    expect(mail.html).toContain('Mika &#60;b&#62;Virta&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>Virta</b>');
    expect(mail.text).toContain('/matching#shortlist');

    await open(aino.page, '/notifications');
    await expect(aino.page.getByText('This week’s shortlist').first()).toBeVisible();

    // Mika is interested in Aino already; her Interested from the shortlist makes the match.
    expect((await api(mika, baseURL, 'POST', 'matching/intents', { candidateId: aino.id, kind: 'interested' })).status()).toBe(201);
    await open(aino.page, '/matching');
    await section(aino.page).getByRole('button', { name: 'Interested in Mika <b>Virta</b>' }).click();
    const dialog = aino.page.getByRole('dialog', { name: 'It’s a match' });
    await expect(dialog).toBeVisible();
    await aino.page.keyboard.press('Escape');
    await expect(section(aino.page).getByRole('link', { name: 'Mika <b>Virta</b>' })).toHaveCount(0);

    // A week later both are asked; Aino follows the notification's link.
    expect((await api(aino, baseURL, 'POST', `dev/shortlists?at=${encodeURIComponent(new Date(Date.now() + 7 * DAY + HOUR).toISOString())}`)).status()).toBe(200);
    const notices = (await (await api(aino, baseURL, 'GET', 'notifications?limit=20')).json()) as { data: Array<{ kind: string; link: string }> };
    const asked = notices.data.find((notice) => notice.kind === 'match.checkin');
    expect(asked?.link).toMatch(/^\/matching\?checkin=[0-9a-f]+#checkin$/);

    await aino.page.emulateMedia({ colorScheme: 'dark' });
    await aino.page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await aino.page.setViewportSize({ width: 375, height: 740 });
    await open(aino.page, asked!.link);
    await expect(aino.page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const form = aino.page.getByRole('form', { name: 'Did you meet Mika <b>Virta</b>?' });
    await expect(form).toBeVisible();
    await expect(form).toBeInViewport();
    // Saying "yes" without how it went is caught before sending.
    await form.getByRole('radio', { name: 'Yes' }).check();
    await form.getByRole('button', { name: 'Save answer' }).click();
    await expect(form.getByRole('alert')).toHaveText('Say how it went.');
    await form.getByRole('radio', { name: 'Good' }).check();
    // 375 px: nothing wider than the screen.
    expect(await aino.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const formBox = (await form.boundingBox())!;
    expect(formBox.x + formBox.width).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(aino.page);
    await form.getByRole('button', { name: 'Save answer' }).press('Enter');
    await expect(aino.page.getByText('Thanks, your answer is saved.')).toBeVisible();
    await expect(form).toHaveCount(0);

    // Kept on the server: after a reload the question is answered.
    await open(aino.page, '/matching');
    await expect(section(aino.page)).toBeVisible();
    await expect(aino.page.getByRole('form', { name: /Did you meet/ })).toHaveCount(0);
    const after = (await (await api(aino, baseURL, 'GET', 'matching/shortlist')).json()) as { checkins: unknown[] };
    expect(after.checkins).toEqual([]);
    await Promise.all([aino, mika, sanni].map((member) => member.context.close()));
  });
});
