import { describe, expect, test } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  test('says just now for the last 45 seconds, and for a clock slightly ahead', () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(44), now)).toBe('just now');
    expect(relativeTime(ago(-20), now)).toBe('just now');
  });

  test('counts minutes and hours', () => {
    expect(relativeTime(ago(50), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(59 * 60), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
  });

  test('says yesterday, then days, weeks, months and years', () => {
    expect(relativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(3 * 86_400), now)).toBe('3 days ago');
    expect(relativeTime(ago(14 * 86_400), now)).toBe('2 weeks ago');
    expect(relativeTime(ago(65 * 86_400), now)).toBe('2 months ago');
    expect(relativeTime(ago(800 * 86_400), now)).toBe('2 years ago');
  });

  test('answers an empty string for something that is not a time', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});
