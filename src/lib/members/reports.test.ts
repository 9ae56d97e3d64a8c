import { describe, expect, test } from 'vitest';
import { DETAILS_MAX, REPORT_REASONS } from './reports';

describe('the limits and reasons the API accepts', () => {
  test('match the API schemas', async () => {
    const { DETAILS_MAX_LENGTH } = await import('@api/reports/schemas');
    const { reportReasons } = await import('@api/db/schema');
    expect(DETAILS_MAX).toBe(DETAILS_MAX_LENGTH);
    expect(REPORT_REASONS.map((reason) => reason.value).sort()).toEqual([...reportReasons].sort());
  });
});
