import { describe, expect, test } from 'vitest';
import { countText, overLimitReason } from './limits';

describe('text limits', () => {
  test('the count is empty below 80% of the limit, then says what is left, then how far over', () => {
    expect(countText(1599, 2000)).toBe('');
    expect(countText(1600, 2000)).toBe('400 characters left');
    expect(countText(1999, 2000)).toBe('1 character left');
    expect(countText(2000, 2000)).toBe('0 characters left');
    expect(countText(2001, 2000)).toBe('1 character over the limit of 2000');
    expect(countText(10000, 5000)).toBe('5000 characters over the limit of 5000');
  });

  test('the reason names the field, the limit and what to do; none when the text fits', () => {
    expect(overLimitReason('bio', 2000, 2000, 'save')).toBeNull();
    expect(overLimitReason('bio', 2500, 2000, 'save')).toBe('Your bio is 500 characters over the limit of 2000. Shorten it to save it.');
    expect(overLimitReason('message', 10000, 5000)).toBe('Your message is 5000 characters over the limit of 5000. Shorten it to send it.');
  });
});
