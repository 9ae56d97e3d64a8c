import { describe, expect, test } from 'vitest';
import { NOTE_MAX } from './limits';

describe('the limits the API accepts', () => {
  test('match the API schemas', async () => {
    const { NOTE_MAX_LENGTH } = await import('@api/connections/schemas');
    expect(NOTE_MAX).toBe(NOTE_MAX_LENGTH);
  });
});
