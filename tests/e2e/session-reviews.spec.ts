/**
 * Reviews of office-hours sessions as people see them: a founder whose session just ended
 * follows the review request from their notifications, rates it with the keyboard at 375 px
 * (dark theme), and the review shows on the advisor's profile with its count and average,
 * where the advisor answers it (light theme). Member text stays text.
 */
import { expectNoHorizontalOverflow } from './layout';
import { expect, hydrated, profileHref, test } from './support';

test('a founder reviews an ended session and it shows on the advisor’s profile, answered', async ({ makeMember, stack }) => {
  const host = await makeMember({ memberType: 'advisor', firstName: 'Rhea' });
  const guest = await makeMember({ firstName: 'Gus' });
  const made = await guest.context.request.post('/api/session/dev/sessions/ended', {
    data: { hostId: host.id, guestId: guest.id, topic: 'Seed pricing' },
    headers: { origin: stack.baseURL },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };

  const page = guest.page;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/notifications');
  await page.getByRole('link', { name: new RegExp(`How was your session with ${host.name}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${id}/review$`));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('heading', { level: 1, name: `Your session with ${host.name}` })).toBeVisible();
  await expect(page.locator('[data-session-summary]')).toContainText('Seed pricing');

  // Sending without a rating names what is missing (once the form's script runs).
  await hydrated(page, 'ReviewForm');
  await page.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();

  // Keyboard only: the stars are radio buttons, arrows move the choice.
  await page.getByRole('radio', { name: '1 star, Poor' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 stars, Very good' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('A few words for other founders')).toBeFocused();
  const words = 'Sharp on <b>pricing</b> & runway.';
  await page.keyboard.type(words);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send review' })).toBeFocused();
  await expectNoHorizontalOverflow(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(`Thank you. Your review of your session with ${host.name} was sent.`);

  await page.getByRole('link', { name: `See it on ${host.name}’s profile` }).click();
  await expect(page).toHaveURL(new RegExp(`${profileHref(host)}#reviews$`));
  const summary = page.locator('[data-review-summary]');
  await expect(summary).toContainText('4');
  await expect(summary.getByRole('link', { name: '1 review' })).toBeVisible();
  await expect(summary.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  const reviews = page.locator('#reviews');
  await expect(reviews.getByText(words, { exact: true })).toBeVisible();
  await expect(reviews.locator('b')).toHaveCount(0);
  await expect(reviews).toContainText('Session: Seed pricing');
  await expectNoHorizontalOverflow(page);
  // The summary sits under the profile's header, above the profile's body.
  const [heroBottom, summaryTop] = await Promise.all([
    page.locator('.pf-hero').evaluate((element) => element.getBoundingClientRect().bottom),
    summary.evaluate((element) => element.getBoundingClientRect().top),
  ]);
  expect(summaryTop).toBeGreaterThanOrEqual(heroBottom);
  expect(summaryTop - heroBottom).toBeLessThan(60);

  // The advisor answers once, in the light theme, on their own profile.
  const hostPage = host.page;
  await hostPage.addInitScript(() => localStorage.setItem('theme', 'light'));
  await hostPage.goto(`${profileHref(host)}#reviews`);
  await expect(hostPage.locator('html')).toHaveAttribute('data-theme', 'light');
  await hydrated(hostPage.locator('#reviews'), 'ReviewAnswerForm');
  await hostPage.getByRole('button', { name: `Answer ${guest.name}` }).click();
  await hostPage.getByLabel(`Your answer to ${guest.name} (you can answer once)`).fill('Thank you, Gus. Good luck with the round.');
  await hostPage.getByRole('button', { name: 'Send answer' }).click();
  await expect(hostPage.locator('#reviews').getByRole('status')).toContainText('Thank you, Gus. Good luck with the round.');
  await page.reload();
  await expect(page.locator('#reviews')).toContainText(`${host.name.split(' ')[0]}’s answer`);
  await expect(page.locator('#reviews')).toContainText('Thank you, Gus. Good luck with the round.');
});
