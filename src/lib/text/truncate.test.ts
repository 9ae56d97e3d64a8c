import { describe, expect, it } from 'vitest';
import { truncateText, DEFAULT_TRUNCATE_SUFFIX } from './truncate';

describe('truncateText', () => {
  it('returns text that fits unchanged, without a suffix', () => {
    expect(truncateText('Short post', 20)).toBe('Short post');
    expect(truncateText('Exactly ten', 11)).toBe('Exactly ten');
  });

  it('cuts at the last space before the limit and appends the default suffix', () => {
    expect(truncateText('The quick brown fox jumps', 12)).toBe('The quick… see more');
    expect(DEFAULT_TRUNCATE_SUFFIX).toBe('… see more');
  });

  it('keeps a word that ends exactly at the limit', () => {
    // 'The quick brown' is 15 characters and a space follows it.
    expect(truncateText('The quick brown fox', 15)).toBe('The quick brown… see more');
  });

  it('never splits a word that straddles the limit', () => {
    expect(truncateText('The quick brown fox', 14)).toBe('The quick… see more');
  });

  it('cuts a single long word at the limit', () => {
    expect(truncateText('Supercalifragilistic', 5)).toBe('Super… see more');
  });

  it('cuts a long first word at the limit even when spaces follow later', () => {
    expect(truncateText('Incomprehensibilities are many', 6)).toBe('Incomp… see more');
  });

  it('uses a custom suffix when given one', () => {
    expect(truncateText('one two three four', 9, '...')).toBe('one two...');
    expect(truncateText('one two three four', 9, '')).toBe('one two');
  });

  it('treats newlines and tabs as places to cut and drops trailing whitespace', () => {
    expect(truncateText('first line\nsecond line', 14)).toBe('first line… see more');
    expect(truncateText('a  b   c d e f', 7)).toBe('a  b… see more');
  });

  it('counts an emoji as one character and never splits it', () => {
    expect(truncateText('🚀🚀🚀🚀', 4)).toBe('🚀🚀🚀🚀');
    expect(truncateText('🚀🚀🚀🚀🚀', 3)).toBe('🚀🚀🚀… see more');
  });

  it('gives only the suffix when the limit is zero, negative or not a number', () => {
    expect(truncateText('hello', 0)).toBe('… see more');
    expect(truncateText('hello', -3)).toBe('… see more');
    expect(truncateText('hello', Number.NaN)).toBe('… see more');
  });

  it('gives an empty string for empty, null and undefined text', () => {
    expect(truncateText('', 10)).toBe('');
    expect(truncateText(null, 10)).toBe('');
    expect(truncateText(undefined, 10)).toBe('');
  });

  it('falls back to a hard cut when the only spaces lead the text', () => {
    expect(truncateText('   abcdefgh', 6)).toBe('   abc… see more');
  });
});
