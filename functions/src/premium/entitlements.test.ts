import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import type { Account } from '../users/wire';
import { accountIsPremium, allowancePeriod, FREE_VIEWERS, requestAllowance, rowIsPremium, viewersShown, viewsWindowStart, VIEWS_WINDOW_DAYS } from './entitlements';

/** The two facts the rule reads, in an Account's shape. */
const account = (roleType: 'free' | 'premium', founderPremium: boolean | null) =>
  ({ user: { roleType }, founder: founderPremium === null ? null : { premium: founderPremium }, advisor: null }) as unknown as Account;

describe('who is Premium (docs/product.md#roles)', () => {
  it('is Premium by role.type premium, or by the founder record’s premium flag, and free otherwise', () => {
    expect(accountIsPremium(account('premium', null))).toBe(true);
    expect(accountIsPremium(account('free', true))).toBe(true);
    expect(accountIsPremium(account('free', false))).toBe(false);
    expect(accountIsPremium(account('free', null))).toBe(false);
  });

  it('reads the same rule from stored columns (SQLite booleans are 0 and 1)', () => {
    expect(rowIsPremium('premium', null)).toBe(true);
    expect(rowIsPremium('free', 1)).toBe(true);
    expect(rowIsPremium('free', 0)).toBe(false);
    expect(rowIsPremium(null, null)).toBe(false);
  });
});

describe('profile viewers', () => {
  it('look back 90 days and show free members only the few most recent', () => {
    const now = new Date('2026-07-15T12:00:00Z');
    expect(VIEWS_WINDOW_DAYS).toBe(90);
    expect(viewsWindowStart(now).toISOString()).toBe('2026-04-16T12:00:00.000Z');
    expect(viewersShown(false, 50)).toBe(FREE_VIEWERS);
    expect(viewersShown(false, 2)).toBe(2);
    expect(viewersShown(true, 50)).toBe(50);
  });
});

describe('the message request allowance', () => {
  it('counts per UTC calendar month and renews on the first of the next', () => {
    const { start, renewsAt } = allowancePeriod(new Date('2026-12-31T23:59:59Z'));
    expect(start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(renewsAt.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('gives Premium members the configured number and free members none', () => {
    const now = new Date('2026-07-15T12:00:00Z');
    expect(requestAllowance(true, 15, 4, now)).toEqual({ premium: true, allowance: 15, used: 4, remaining: 11, renewsAt: '2026-08-01T00:00:00.000Z' });
    expect(requestAllowance(true, 15, 20, now).remaining).toBe(0);
    expect(requestAllowance(false, 15, 0, now)).toMatchObject({ premium: false, allowance: 0, remaining: 0 });
  });

  it('comes from configuration: MESSAGE_REQUEST_ALLOWANCE, 15 when missing or not a whole number', () => {
    expect(readConfig({}).messageRequestAllowance).toBe(15);
    expect(readConfig({ MESSAGE_REQUEST_ALLOWANCE: '3' }).messageRequestAllowance).toBe(3);
    expect(readConfig({ MESSAGE_REQUEST_ALLOWANCE: 'lots' }).messageRequestAllowance).toBe(15);
    expect(readConfig({ MESSAGE_REQUEST_ALLOWANCE: '-1' }).messageRequestAllowance).toBe(15);
  });
});
