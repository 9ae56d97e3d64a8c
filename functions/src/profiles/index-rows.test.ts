import { describe, expect, it } from 'vitest';
import { newAccountRows } from '../users/repository';
import type { Account } from '../users/wire';
import { indexRowsOf } from './index-rows';

const base = { email: 'a@example.com', passwordHash: 'x', firstName: 'Ada', lastName: 'Lovelace', onboarded: true };

function founder(changes: Partial<NonNullable<Account['founder']>> = {}, onboarded = true): Account {
  const account = newAccountRows({ ...base, memberType: 'founder', tagline: 'Engines', onboarded }, 'ada-lovelace', '2026-01-01T00:00:00.000Z');
  return { ...account, founder: { ...account.founder!, ...changes } };
}

function advisor(changes: Partial<NonNullable<Account['advisor']>> = {}): Account {
  const account = newAccountRows({ ...base, memberType: 'advisor', firstName: 'Grace', lastName: 'Hopper', position: 'Admiral' }, 'grace-hopper', '2026-01-01T00:00:00.000Z');
  return { ...account, advisor: { ...account.advisor!, ...changes } };
}

describe('indexRowsOf', () => {
  it('indexes nobody before onboarding is complete', () => {
    expect(indexRowsOf(founder({ skills: ['engineering'] }, false))).toBeNull();
  });

  it("writes a founder's facets, one row per value, and only the flags that are set", () => {
    const rows = indexRowsOf(
      founder({
        skills: ['engineering', 'engineering', 'data'],
        industries: ['fintech'],
        commitment: 'part-time',
        ideaStage: 'idea',
        isTechnical: false,
        openToRemote: false,
        cityId: 2332459,
        lookingForCofounder: true,
      }),
    )!;
    expect(rows.tags).toEqual([
      { kind: 'skill', value: 'engineering' },
      { kind: 'skill', value: 'data' },
      { kind: 'industry', value: 'fintech' },
      { kind: 'commitment', value: 'part-time' },
      { kind: 'stage', value: 'idea' },
      { kind: 'technical', value: '0' },
      { kind: 'city', value: '2332459' },
      { kind: 'looking', value: '1' },
    ]);
    expect(indexRowsOf(founder())!.tags).toEqual([]);
  });

  it("puts a founder's name, tagline, and bio, interests, labels and city in the text", () => {
    const rows = indexRowsOf(founder({ bio: 'Wrote the first program.', interests: ['looms'], skills: ['sales-marketing'], industries: ['agtech'], cityName: 'Lagos, Nigeria' }))!;
    expect(rows.search).toEqual({ name: 'Ada Lovelace', headline: 'Engines', body: 'Wrote the first program.\nlooms\nSales and marketing\nFood and agriculture\nLagos, Nigeria' });
  });

  it("writes an advisor's expertise, help and industries, with the position as headline", () => {
    const rows = indexRowsOf(advisor({ expertise: ['pricing'], helpTypes: ['investing'], industries: ['devtools'], experience: 'Built compilers.' }))!;
    expect(rows.tags).toEqual([
      { kind: 'expertise', value: 'pricing' },
      { kind: 'industry', value: 'devtools' },
      { kind: 'help', value: 'investing' },
      { kind: 'remote', value: '1' },
    ]);
    expect(rows.search).toEqual({ name: 'Grace Hopper', headline: 'Admiral', body: 'Built compilers.\nPricing\nDeveloper tools' });
  });
});
