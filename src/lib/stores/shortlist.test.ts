import type { Shortlist } from '@api/shortlist/schemas';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { sessionStub } from '../api/session-stub';
import { AppError } from '../errors';
import { card } from '../inbox/fixtures';
import { $shortlist, createShortlistActions } from './shortlist';

const member = (id: string) => ({ ...card(id), slug: id }) as unknown as Shortlist['picks'][number]['member'];

const SHORTLIST: Shortlist = {
  week: '2026-W49',
  picks: [
    { member: member('ada'), score: 72, reasons: ['complements your skills: sales'] },
    { member: member('ben'), score: 60, reasons: [] },
  ],
  nextAt: '2026-12-07T08:00:00.000Z',
  checkins: [{ matchId: 'm1', member: member('cy'), askedAt: '2026-12-01T09:00:00.000Z' }],
};

function setup(answer = vi.fn(async () => true)) {
  const { api, session } = sessionStub();
  const notify = vi.fn();
  return { session, notify, answer, actions: createShortlistActions({ api, answer, notify }) };
}

beforeEach(() => $shortlist.set({ shortlist: null, loading: false, error: null }));

describe('$shortlist', () => {
  test('loads the shortlist, and says why when it cannot', async () => {
    const { session, actions } = setup();
    session.mockResolvedValueOnce(SHORTLIST);
    await actions.load();
    expect(session).toHaveBeenCalledWith('matching/shortlist');
    expect($shortlist.get()).toEqual({ shortlist: SHORTLIST, loading: false, error: null });

    session.mockRejectedValueOnce(new AppError('Server error', 500));
    await actions.load();
    expect($shortlist.get()).toMatchObject({ shortlist: SHORTLIST, loading: false, error: 'Server error' });
  });

  test('an answered pick leaves the list; a refused one stays', async () => {
    const refused = setup(vi.fn(async () => false));
    $shortlist.set({ shortlist: SHORTLIST, loading: false, error: null });
    expect(await refused.actions.answerPick('ada', 'interested')).toBe(false);
    expect($shortlist.get().shortlist?.picks).toHaveLength(2);

    const { actions, answer } = setup();
    expect(await actions.answerPick('ada', 'interested')).toBe(true);
    expect(answer).toHaveBeenCalledWith(SHORTLIST.picks[0]!.member, 'interested');
    expect($shortlist.get().shortlist?.picks.map((pick) => pick.member._id)).toEqual(['ben']);
  });

  test('a saved check-in leaves the list with thanks; a refused one stays, in the server’s words', async () => {
    const { session, notify, actions } = setup();
    $shortlist.set({ shortlist: SHORTLIST, loading: false, error: null });
    session.mockRejectedValueOnce(new AppError('outcome: say how it went when you met', 400));
    expect(await actions.answerCheckin('m1', { met: true })).toBe(false);
    expect(notify).toHaveBeenLastCalledWith('outcome: say how it went when you met', 'error');
    expect($shortlist.get().shortlist?.checkins).toHaveLength(1);

    session.mockResolvedValueOnce({ met: true, outcome: 'good', answeredAt: '2026-12-02T10:00:00.000Z' });
    expect(await actions.answerCheckin('m1', { met: true, outcome: 'good' })).toBe(true);
    expect(session).toHaveBeenLastCalledWith('matching/checkins/m1', { method: 'PUT', body: { met: true, outcome: 'good' } });
    expect(notify).toHaveBeenLastCalledWith('Thanks, your answer is saved.', 'success');
    expect($shortlist.get().shortlist?.checkins).toEqual([]);
  });
});
