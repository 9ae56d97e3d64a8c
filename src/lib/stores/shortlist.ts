/**
 * The weekly shortlist on /matching (docs/product.md "Weekly shortlist"): the latest week's
 * members not answered yet, when the next arrives, and the matches asked "Did you meet?".
 * Answering a pick goes through the introductions actions; it then leaves the list.
 */
import { atom } from 'nanostores';
import type { CheckinAnswer, Shortlist } from '@api/shortlist/schemas';
import type { IntentKind } from '@api/shared/match-messages';
import { api, data, type ApiClient } from '../api/client';
import { toAppError } from '../errors';
import { toast } from '../toast';
import { introductionsActions } from './introductions';

export type ShortlistState = { shortlist: Shortlist | null; loading: boolean; error: string | null };

export const $shortlist = atom<ShortlistState>({ shortlist: null, loading: false, error: null });

export interface ShortlistDeps {
  api: ApiClient;
  answer: (member: Shortlist['picks'][number]['member'], kind: IntentKind) => Promise<boolean>;
  notify: (message: string, kind: 'success' | 'error' | 'info') => void;
}

/** The actions over `$shortlist` (tests inject the network, the answer and the toasts). */
export function createShortlistActions({ api, answer, notify }: ShortlistDeps) {
  async function load(): Promise<void> {
    $shortlist.set({ ...$shortlist.get(), loading: true, error: null });
    try {
      $shortlist.set({ shortlist: await data(api.matching.shortlist.$get()), loading: false, error: null });
    } catch (cause) {
      $shortlist.set({ ...$shortlist.get(), loading: false, error: toAppError(cause).message });
    }
  }

  const without = (update: (shortlist: Shortlist) => Shortlist) => {
    const { shortlist } = $shortlist.get();
    if (shortlist) $shortlist.set({ ...$shortlist.get(), shortlist: update(shortlist) });
  };

  /** Interested or Not now on a pick; it leaves the list once stored. */
  async function answerPick(memberId: string, kind: IntentKind): Promise<boolean> {
    const pick = $shortlist.get().shortlist?.picks.find((item) => item.member._id === memberId);
    if (!pick || !(await answer(pick.member, kind))) return false;
    without((shortlist) => ({ ...shortlist, picks: shortlist.picks.filter((item) => item.member._id !== memberId) }));
    return true;
  }

  /** Keeps the answer to "Did you meet?"; the question leaves the list once stored. */
  async function answerCheckin(matchId: string, answerBody: CheckinAnswer): Promise<boolean> {
    try {
      await data(api.matching.checkins[':matchId'].$put({ param: { matchId }, json: answerBody }));
      without((shortlist) => ({ ...shortlist, checkins: shortlist.checkins.filter((item) => item.matchId !== matchId) }));
      notify('Thanks, your answer is saved.', 'success');
      return true;
    } catch (cause) {
      notify(toAppError(cause).message, 'error');
      return false;
    }
  }

  return { load, answerPick, answerCheckin };
}

export const shortlistActions = createShortlistActions({ api, answer: introductionsActions.answer, notify: (message, kind) => toast(message, { kind }) });
