import { describe, expect, it } from 'vitest';
import { countAround, distinctInts, GROUP_SHARES, indexRows, prng, RATIOS, rowId, SCALE_PASSWORD, SCALE_PASSWORD_HASH, snippet } from '../bench/scale/model.mjs';
import { verifyPassword } from '../functions/src/auth/password';
import { DEMO_CONNECTIONS, DEMO_MEMBERS, DEMO_POSTS } from '../functions/src/dev/demo-data';
import { DEMO_COMMENTS, DEMO_FEED_POSTS, DEMO_LIKES } from '../functions/src/dev/demo-feed';
import { snippetOf } from '../functions/src/events/notification-of';
import { indexRowsOf } from '../functions/src/profiles/index-rows';
import type { Account } from '../functions/src/users/wire';

describe('the scale generator model', () => {
  it('draws the same numbers for the same seed, and others for another seed', () => {
    const draw = (seed: number) => {
      const rand = prng(seed);
      return Array.from({ length: 1000 }, () => rand());
    };
    expect(draw(18)).toEqual(draw(18));
    expect(draw(19)).not.toEqual(draw(18));
    expect(draw(18).every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = draw(7).reduce((sum, x) => sum + x, 0) / 1000;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });

  it('takes its ratios from the demo data', () => {
    const posts = DEMO_POSTS.length + DEMO_FEED_POSTS.length;
    const founders = DEMO_MEMBERS.filter((member) => member.memberType === 'founder').length;
    expect(RATIOS.founderShare.value).toBe(founders / DEMO_MEMBERS.length);
    expect(RATIOS.onboardedShare.value).toBe(DEMO_MEMBERS.filter((member) => member.onboarded !== false).length / DEMO_MEMBERS.length);
    expect(RATIOS.acceptedShare.value).toBe(DEMO_CONNECTIONS.filter((c) => c.status === 'accepted').length / DEMO_CONNECTIONS.length);
    expect(RATIOS.postsPerMember.value).toBe(posts / DEMO_MEMBERS.length);
    expect(RATIOS.likesPerPost.value).toBe(Object.values(DEMO_LIKES).flat().length / posts);
    expect(RATIOS.commentsPerPost.value).toBe(DEMO_COMMENTS.length / posts);
    expect(RATIOS.repliesPerComment.value).toBe(DEMO_COMMENTS.flatMap((c) => c.replies ?? []).length / DEMO_COMMENTS.length);
    expect(RATIOS.pollShare.value).toBe(DEMO_FEED_POSTS.filter((post) => post.poll).length / posts);
    expect(RATIOS.mentionShare.value).toBe(DEMO_FEED_POSTS.filter((post) => post.text.includes('@{')).length / posts);
    const groups = [...DEMO_POSTS, ...DEMO_FEED_POSTS].map((post) => post.group);
    for (const [group, share] of GROUP_SHARES) expect(share).toBe(groups.filter((g) => g === group).length / posts);
  });

  it('gives 1M members at least 10M messages', () => {
    const threadsPerMember = RATIOS.connectionsPerMember.value * RATIOS.acceptedShare.value * RATIOS.threadsPerAccepted.value;
    expect(1_000_000 * threadsPerMember * RATIOS.messagesPerThread.value).toBeGreaterThanOrEqual(10_000_000);
  });

  it('counts around a mean and picks distinct numbers', () => {
    const rand = prng(3);
    const total = Array.from({ length: 10_000 }, () => countAround(rand, 1.44)).reduce((sum, n) => sum + n, 0);
    expect(total / 10_000).toBeCloseTo(1.44, 1);
    const picked = distinctInts(rand, 50, 60);
    expect(new Set(picked).size).toBe(50);
    expect(picked.every((n) => Number.isInteger(n) && n >= 0 && n < 60)).toBe(true);
    expect(rowId('5ca1', 255)).toMatch(/^[0-9a-f]{24}$/);
    expect(rowId('5ca1', 255)).toBe(`5ca1${'0'.repeat(18)}ff`);
  });

  it('writes the search rows the app writes for a founder and an advisor', () => {
    const founder = {
      firstName: 'Ada',
      lastName: 'Okafor',
      tagline: 'Building scheduling for clinics',
      bio: 'Founder.',
      isTechnical: false,
      skills: ['product', 'sales-marketing', 'product'],
      commitment: 'full-time',
      ideaStage: 'prototype',
      industries: ['healthtech'],
      interests: ['pricing', 'churn'],
      cityId: 2332459,
      cityName: 'Lagos, Nigeria',
      openToRemote: true,
      lookingForCofounder: true,
    };
    const advisor = {
      name: 'Helen Park',
      position: 'Partner at Park Ventures',
      bio: 'I help with pricing.',
      experience: 'Two exits.',
      expertise: ['pricing', 'go-to-market'],
      industries: ['b2b-saas', 'fintech'],
      helpTypes: ['mentoring'],
      cityId: null,
      cityName: null,
      openToRemote: false,
    };
    const account = (profile: object) => ({ user: { id: 'x', onboarded: true }, founder: null, advisor: null, ...profile }) as unknown as Account;
    expect(indexRows({ founder })).toEqual(indexRowsOf(account({ founder })));
    expect(indexRows({ advisor })).toEqual(indexRowsOf(account({ advisor })));
    expect(indexRows({ founder }).tags).toContainEqual({ kind: 'looking', value: '1' });
  });

  it('cuts notification snippets as the app does', () => {
    const long = `Thanks @[Ada Okafor](5ca100000000000000000001) ${'for the pricing teardown '.repeat(10)}`;
    expect(snippet(long)).toBe(snippetOf(long));
    expect(snippet('short')).toBe('short');
  });

  it('stores one password hash that the app verifies', async () => {
    expect(await verifyPassword(SCALE_PASSWORD, SCALE_PASSWORD_HASH)).toBe(true);
    expect(await verifyPassword('another-password-2026', SCALE_PASSWORD_HASH)).toBe(false);
  });
});
