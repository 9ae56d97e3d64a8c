import { describe, expect, it } from 'vitest';
import { nextFreeSlug, slugBase, slugify } from './slugs';

describe('slugify', () => {
  it('lowercases and joins words with dashes', () => {
    expect(slugify('Ada Lovelace')).toBe('ada-lovelace');
  });

  it('strips diacritics and turns everything else into single dashes', () => {
    expect(slugify('  Sofía  Álvarez-Núñez!! ')).toBe('sofia-alvarez-nunez');
    expect(slugify("O'Brien & Søn")).toBe('o-brien-s-n');
  });

  it('gives an empty slug for text with no latin letters or digits', () => {
    expect(slugify('李 小龍')).toBe('');
  });
});

describe('slugBase', () => {
  it('falls back to "member" when nothing of the name survives', () => {
    expect(slugBase('李 小龍')).toBe('member');
    expect(slugBase('Ada Lovelace')).toBe('ada-lovelace');
  });
});

describe('nextFreeSlug', () => {
  it('uses the plain slug while it is free', () => {
    expect(nextFreeSlug('ada-lovelace', [])).toBe('ada-lovelace');
  });

  it('numbers from 2, one past the highest in use', () => {
    expect(nextFreeSlug('ada-lovelace', ['ada-lovelace'])).toBe('ada-lovelace-2');
    expect(nextFreeSlug('ada-lovelace', ['ada-lovelace', 'ada-lovelace-2', 'ada-lovelace-7'])).toBe('ada-lovelace-8');
  });

  it('ignores longer names that merely start the same way', () => {
    expect(nextFreeSlug('ada', ['ada', 'ada-lovelace', 'ada-2b'])).toBe('ada-2');
  });
});
