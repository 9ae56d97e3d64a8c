import { describe, expect, it } from 'vitest';
import { waitText } from './wait-text';

describe('waitText', () => {
  it('rounds up to whole minutes up to an hour, at least one', () => {
    expect(waitText(0)).toBe('1 minute');
    expect(waitText(59)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(3600)).toBe('60 minutes');
  });

  it('rounds up to whole hours beyond an hour', () => {
    expect(waitText(3601)).toBe('2 hours');
    expect(waitText(86_400)).toBe('24 hours');
  });
});
