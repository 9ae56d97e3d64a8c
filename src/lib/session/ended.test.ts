import { describe, expect, test, vi } from 'vitest';
import { createSessionWatch, endedReasonOf, probeSession, signInAfterEnd, type SessionState } from './ended';
import { noticeFor } from './notices';

const page = new URL('https://app.test/inbox?personalInbox=t-1');

describe('the sign-in address after a session ended', () => {
  test('keeps the page to come back to and names the reason’s notice', () => {
    expect(signInAfterEnd(page, 'signed_out')).toBe('/sign-in?next=%2Finbox%3FpersonalInbox%3Dt-1&notice=signed-out-elsewhere');
    expect(signInAfterEnd(new URL('https://app.test/'), 'suspended')).toBe('/sign-in?notice=signed-out-suspended');
  });

  test('every reason has words on the sign-in page', () => {
    for (const reason of ['signed_out', 'signed_out_everywhere', 'password_changed', 'suspended', 'expired', 'account_deleted'] as const) {
      const key = new URL(signInAfterEnd(page, reason), page).searchParams.get('notice');
      expect(noticeFor(key)?.text).toBeTruthy();
    }
  });

  test('reads only the reasons the API sends', () => {
    expect(endedReasonOf('signed_out_everywhere')).toBe('signed_out_everywhere');
    expect(endedReasonOf('toString')).toBeNull();
    expect(endedReasonOf(42)).toBeNull();
  });
});

describe('the session watch', () => {
  function watch(state: SessionState) {
    const probe = vi.fn(async () => state);
    const leave = vi.fn();
    return { probe, leave, watch: createSessionWatch({ probe, leave, here: () => page }) };
  }

  test('leaves for sign-in with the API’s reason over the hint when the session is over', async () => {
    const { watch: w, leave } = watch({ kind: 'ended', reason: 'suspended' });
    expect(await w.check('signed_out')).toBe(true);
    expect(leave).toHaveBeenCalledExactlyOnceWith('/sign-in?next=%2Finbox%3FpersonalInbox%3Dt-1&notice=signed-out-suspended');
  });

  test('uses the hint when the API gives no reason, and asks once for checks at the same time', async () => {
    const { watch: w, leave, probe } = watch({ kind: 'ended', reason: null });
    await Promise.all([w.check('signed_out_everywhere'), w.check(null)]);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledExactlyOnceWith(expect.stringContaining('notice=signed-out-everywhere'));
  });

  test('stays when the session lives or the API cannot be asked', async () => {
    for (const state of [{ kind: 'live' }, { kind: 'unknown' }] as const) {
      const { watch: w, leave } = watch(state);
      expect(await w.check('signed_out')).toBe(false);
      expect(leave).not.toHaveBeenCalled();
    }
  });

  test('reads the 401 of GET /auth/me, and nothing else, as the end', async () => {
    const answer = (status: number, body: unknown) => async () => Response.json(body, { status });
    expect(await probeSession(answer(401, { message: 'x', status: 401, data: { reason: 'expired' } }))).toEqual({ kind: 'ended', reason: 'expired' });
    expect(await probeSession(answer(401, { message: 'x', status: 401, data: null }))).toEqual({ kind: 'ended', reason: null });
    expect(await probeSession(answer(200, {}))).toEqual({ kind: 'live' });
    expect(await probeSession(answer(502, {}))).toEqual({ kind: 'unknown' });
    expect(
      await probeSession(async () => {
        throw new TypeError('offline');
      }),
    ).toEqual({ kind: 'unknown' });
  });
});
