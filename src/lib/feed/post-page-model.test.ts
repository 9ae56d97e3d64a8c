import { describe, expect, it } from 'vitest';
import { postFixture } from './post-page-fixtures';
import { authorView, countLabel, dateLabel, dateTimeLabel, groupLabel, initialsOf, mediaViews, pollBars } from './post-page-model';

describe('mediaViews', () => {
  it('gives pictures and videos their addresses and alt text, and leaves placeholders out', () => {
    const views = mediaViews(
      [
        ...postFixture().media,
        { _id: 'p', url: '', mime: 'progress', alt: null, width: null, height: null },
        { _id: 'v', url: 'https://cdn.example/v.mp4', mime: 'video/mp4', alt: null, width: 640, height: 360 },
      ],
      '/media/',
      'Ada Lovelace',
    );
    expect(views).toEqual([
      { id: 'm1', kind: 'image', src: '/media/posts/m1.webp', mime: 'image/webp', alt: 'The engine on a bench', width: 1200, height: 800 },
      { id: 'm2', kind: 'image', src: '/media/posts/m2.png', mime: 'image/png', alt: 'Picture shared by Ada Lovelace', width: null, height: null },
      { id: 'v', kind: 'video', src: 'https://cdn.example/v.mp4', mime: 'video/mp4', alt: 'Video shared by Ada Lovelace', width: 640, height: 360 },
    ]);
  });
});

describe('pollBars', () => {
  it('turns shares into whole percents and marks the leader and the viewer’s vote', () => {
    const poll = { ...postFixture().poll!, votedOptionId: 'o2' };
    expect(pollBars(poll)).toEqual([
      { id: 'o1', label: 'Jacquard', votes: 3, percent: 75, mine: false, leading: true },
      { id: 'o2', label: 'Dobby', votes: 1, percent: 25, mine: true, leading: false },
    ]);
  });

  it('marks no leader before anyone votes and clamps odd shares', () => {
    const poll = {
      ...postFixture().poll!,
      totalVotes: 0,
      options: [
        { _id: 'a', label: 'A', votes: 0, share: Number.NaN },
        { _id: 'b', label: 'B', votes: 0, share: 7 },
      ],
    };
    expect(pollBars(poll).map((bar) => [bar.percent, bar.leading])).toEqual([
      [0, false],
      [100, false],
    ]);
  });
});

describe('words', () => {
  it('counts with the right noun', () => {
    expect(countLabel(1, 'like')).toBe('1 like');
    expect(countLabel(1200, 'comment')).toBe('1,200 comments');
    expect(countLabel(2, 'more reply', 'more replies')).toBe('2 more replies');
  });

  it('writes dates in UTC and nothing for a non-date', () => {
    expect(dateLabel('2026-03-05T23:30:00.000Z')).toBe('Mar 5, 2026');
    expect(dateTimeLabel('2026-03-05T14:30:00.000Z')).toBe('Mar 5, 2026, 14:30 UTC');
    expect(dateLabel('soon')).toBe('');
  });

  it('makes initials and group labels', () => {
    expect(initialsOf('ada  king lovelace')).toBe('AL');
    expect(initialsOf('Émilie')).toBe('É');
    expect(initialsOf(' ')).toBe('?');
    expect(groupLabel('cofounder-matching')).toBe('Cofounder matching');
  });

  it('describes the author with a profile link and a picture under the media base', () => {
    expect(authorView(postFixture().author, '/media')).toEqual({
      name: 'Ada Lovelace',
      tagline: 'Analytical engines',
      href: '/founder/ada-lovelace',
      role: 'Founder',
      picture: '/media/avatars/ada.webp',
      initials: 'AL',
    });
  });
});
