import { describe, expect, it } from 'vitest';
import type { MemberCard } from '@api/members/schemas';
import { upsellHeading, viewedRows, viewerRows, viewsSummary, viewsTabFromQuery, VIEWS_TABS } from './profile-view-list';

const NOW = Date.parse('2026-05-10T12:00:00.000Z');
const member: MemberCard = {
  _id: 'u1',
  memberType: 'founder',
  name: 'Ben Tester',
  tagline: 'Payments',
  slug: 'ben-tester',
  avatar: null,
  banner: null,
  profileId: 'p1',
  premium: false,
};

describe('views tabs', () => {
  it('reads ?tab=viewed and falls back to who viewed me', () => {
    expect(viewsTabFromQuery('viewed')).toBe('viewed');
    expect(viewsTabFromQuery('viewers')).toBe('viewers');
    expect(viewsTabFromQuery('../admin')).toBe('viewers');
    expect(viewsTabFromQuery(null)).toBe('viewers');
    expect(VIEWS_TABS.map((tab) => tab.label)).toEqual(['Who viewed me', 'Whom I viewed']);
  });
});

describe('viewerRows', () => {
  it('names members, hides private viewers and marks rows only Premium shows', () => {
    const rows = viewerRows(
      {
        total: 3,
        locked: 0,
        premium: false,
        data: [
          { member, viewedAt: '2026-05-10T09:00:00.000Z', private: false },
          { member: null, viewedAt: '2026-05-09T12:00:00.000Z', private: true },
          { member: null, viewedAt: '2026-05-01T12:00:00.000Z', private: false },
        ],
      },
      NOW,
    );
    expect(rows.map((row) => row.kind)).toEqual(['member', 'private', 'locked']);
    expect(rows[0]).toMatchObject({ member, time: { iso: '2026-05-10T09:00:00.000Z', ago: '3 hours ago' } });
    expect(rows[1]!.time.ago).toBe('yesterday');
    expect(rows[2]!.time.exact).not.toBe('');
  });

  it('lists whom I viewed with when', () => {
    const rows = viewedRows({ total: 1, data: [{ member, viewedAt: '2026-05-03T12:00:00.000Z' }] }, NOW);
    expect(rows).toEqual([{ member, time: expect.objectContaining({ ago: 'last week' }) }]);
  });
});

describe('summaries and the Premium offer', () => {
  it('counts views of the last 90 days and profiles viewed, in the singular when there is one', () => {
    expect(viewsSummary('viewers', 0)).toBe('0 profile views in the last 90 days');
    expect(viewsSummary('viewers', 1)).toBe('1 profile view in the last 90 days');
    expect(viewsSummary('viewers', 1234)).toBe('1,234 profile views in the last 90 days');
    expect(viewsSummary('viewed', 0)).toBe('You have not viewed any profiles yet');
    expect(viewsSummary('viewed', 2)).toBe('You viewed 2 profiles');
  });

  it('offers Premium only when views are locked', () => {
    expect(upsellHeading(0)).toBeNull();
    expect(upsellHeading(1)).toBe('1 more member viewed your profile — see them all with Premium');
    expect(upsellHeading(7)).toBe('7 more members viewed your profile — see them all with Premium');
  });
});
