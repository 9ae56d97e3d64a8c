import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { assertNotSuspended, suspendedMessage, suspensionOf } from './suspension';

const now = new Date('2026-11-25T12:00:00.000Z');
const row = (suspendedUntil: string | null, suspendedAt: string | null = '2026-11-20T08:00:00.000Z') => ({ suspendedAt, suspendedUntil, suspensionReason: 'Spam' });

describe('a suspension', () => {
  it('holds until its end, for good without one, and runs out by itself', () => {
    expect(suspensionOf(row('2026-11-26T00:00:00.000Z'), now)).toEqual({
      suspended: true,
      suspendedAt: '2026-11-20T08:00:00.000Z',
      until: '2026-11-26T00:00:00.000Z',
      reason: 'Spam',
    });
    expect(suspensionOf(row(null), now).suspended).toBe(true);
    expect(suspensionOf(row('2026-11-25T11:59:59.000Z'), now)).toEqual({ suspended: false, suspendedAt: null, until: null, reason: null });
    expect(suspensionOf(row(null, null), now).suspended).toBe(false);
  });

  it('tells the member why and until when, in UTC', () => {
    expect(suspendedMessage(suspensionOf(row('2026-12-01T14:30:00.000Z'), now))).toBe('Your account is suspended until 2026-12-01 14:30 UTC. Reason: Spam.');
    expect(suspendedMessage(suspensionOf(row(null), now))).toBe('Your account is suspended permanently. Reason: Spam.');
  });

  it('refuses with the status asked and the details for the app', () => {
    expect(() => assertNotSuspended(row('2026-11-25T11:00:00.000Z'), now, 403)).not.toThrow();
    try {
      assertNotSuspended(row(null), now, 401);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(401);
      expect((error as ApiError).data).toEqual({ reason: 'suspended', until: null, suspensionReason: 'Spam' });
    }
  });
});
