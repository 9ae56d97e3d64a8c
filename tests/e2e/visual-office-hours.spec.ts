/**
 * The office-hours screens checked by their pictures, as visual.spec.ts does the others (375
 * and 1280 px, light and dark, docs/testing.md): the availability settings, an advisor's
 * profile with open times as a visitor sees it, and a founder's sessions with one request.
 * Times move with the clock and are masked (every `<time>`, the other side's clock).
 */
import { expectCleanLayout } from './layout';
import { expect, test } from './support';
import { fixedMember, shootEverywhere, type Stack } from './visual-support';

const HOURS = {
  published: true,
  timeZone: 'Europe/Berlin',
  weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
  sessionLengths: [30, 60],
  bufferBefore: 0,
  bufferAfter: 10,
  minimumNotice: 1440,
  weeklyCap: 10,
  daysOff: ['2030-12-24'],
  topics: ['Fundraising', 'Pricing', 'Hiring a first engineer'],
  meetingLink: 'https://meet.example/ines',
  needsApproval: true,
};

test.describe('office-hours screens checked by their pictures', () => {
  test.describe.configure({ timeout: 180_000 });

  test('availability settings, a profile’s open times and the sessions screen', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const ines = await fixedMember(stack, { key: 'oh-ines', firstName: 'Ines', lastName: 'Moreau', memberType: 'advisor' });
    const tomas = await fixedMember(stack, { key: 'oh-tomas', firstName: 'Tomas', lastName: 'Berg' });
    const saved = await ines.context.request.put('/api/session/office-hours', { data: HOURS, headers: { origin: stack.baseURL } });
    expect(saved.status(), await saved.text()).toBe(200);
    const mine = (await (await tomas.context.request.get('/api/session/office-hours/sessions')).json()) as { upcoming: unknown[] };
    if (mine.upcoming.length === 0) {
      const open = (await (await tomas.context.request.get(`/api/session/office-hours/${ines.id}/slots`)).json()) as { slots: Array<{ start: string }> };
      const booked = await tomas.context.request.post(`/api/session/office-hours/${ines.id}/sessions`, {
        data: { start: open.slots[0]!.start, length: 30, topic: 'Pricing', agenda: 'Annual plans: discount up front or only when asked?', timeZone: 'Europe/Oslo' },
        headers: { origin: stack.baseURL },
      });
      expect(booked.status(), await booked.text()).toBe(201);
    }

    await shootEverywhere(ines.page, {
      path: '/settings/office-hours',
      name: 'office-hours-settings',
      ready: async (p) => {
        await expect(p.getByLabel('Monday from')).toHaveValue('08:00');
        // The calendar feed block has read its state (its buttons show then).
        await expect(p.locator('.oh-feed .form-actions')).toBeVisible();
      },
      layout: async (p) => expectCleanLayout(p),
    });

    const visitor = await browser.newContext({ baseURL: stack.baseURL, extraHTTPHeaders: stack.headers });
    await shootEverywhere(await visitor.newPage(), {
      path: `/advisor/${ines.slug}`,
      name: 'profile-office-hours-visitor',
      ready: async (p) => expect(p.getByRole('link', { name: 'Sign in to book' })).toBeVisible(),
      layout: async (p) => expectCleanLayout(p),
    });
    await visitor.close();

    await shootEverywhere(tomas.page, {
      path: '/sessions',
      name: 'sessions',
      ready: async (p) => expect(p.locator('.oh-session').filter({ hasText: 'Ines Moreau' })).toContainText('Pricing'),
      layout: async (p) => expectCleanLayout(p),
      mask: (p) => [p.locator('.oh-other-zone')],
    });
    await Promise.all([ines.context.close(), tomas.context.close()]);
  });
});
