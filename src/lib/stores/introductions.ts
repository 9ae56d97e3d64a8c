/**
 * Introductions on /matching (docs/product.md "Introductions"): the member's answers on
 * candidates (Interested / Not now) with the last one's undo, the week's invitations, and the
 * match moment. The deck and the "Interested in you" queue answer through `introductionsActions`;
 * the match dialog shows `$introduction`, set by an answer that made a match, by opening the
 * match the live `match` event names (`$matchNews`, read where the dialog is mounted), or by
 * opening an introduction's link (`/matching?match=<id>`).
 */
import { atom } from 'nanostores';
import type { IntentAnswer, InterestedInYou, Introduction } from '@api/introductions/schemas';
import type { MatchNews } from '@api/introductions/live-events';
import type { IntentKind } from '@api/shared/match-messages';
import type { ProfileSummary } from '@api/profiles/schemas';
import { api, data, sendForm, type ApiClient } from '../api/client';
import { toAppError } from '../errors';
import type { LiveHandlers } from '../live/handlers';
import { toast } from '../toast';

export type InterestAllowance = IntentAnswer['allowance'];
/** The answer that may still be undone, and the member it was about. */
export type LastAnswer = { member: ProfileSummary; kind: IntentKind; undoUntil: string };

export const $allowance = atom<InterestAllowance | null>(null);
export const $lastAnswer = atom<LastAnswer | null>(null);
export const $introduction = atom<Introduction | null>(null);
/** The newest match the live `match` event named; the match dialog opens it (MatchMoment). */
export const $matchNews = atom<MatchNews | null>(null);
export const $interestedInYou = atom<{ queue: InterestedInYou | null; loading: boolean; error: string | null }>({ queue: null, loading: false, error: null });

export interface IntroductionsDeps {
  api: ApiClient;
  notify: (message: string, kind: 'success' | 'error' | 'info') => void;
}

/** The actions over the stores (tests inject the network and the toasts). */
export function createIntroductionsActions({ api, notify }: IntroductionsDeps) {
  /** Answers a candidate; true when stored. A refusal is told in the server's words. */
  async function answer(member: ProfileSummary, kind: IntentKind): Promise<boolean> {
    try {
      const answered = await data(api.matching.intents.$post({ json: { candidateId: member._id, kind } }));
      $allowance.set(answered.allowance);
      $lastAnswer.set({ member, kind, undoUntil: answered.undoUntil });
      if (answered.match) $introduction.set(answered.match);
      const queue = $interestedInYou.get().queue;
      if (queue?.data.some((entry) => entry.member._id === member._id)) {
        const data = queue.data.filter((entry) => entry.member._id !== member._id);
        $interestedInYou.set({ ...$interestedInYou.get(), queue: { ...queue, data, total: Math.max(0, queue.total - 1) } });
      }
      return true;
    } catch (cause) {
      notify(toAppError(cause).message, 'error');
      return false;
    }
  }

  /** Takes back the last answer; the member it was about, or null when it could not be undone. */
  async function undo(): Promise<ProfileSummary | null> {
    const last = $lastAnswer.get();
    if (!last) return null;
    try {
      $allowance.set(await data(api.matching.intents[':candidateId'].$delete({ param: { candidateId: last.member._id } })));
      $lastAnswer.set(null);
      return last.member;
    } catch (cause) {
      $lastAnswer.set(null);
      notify(toAppError(cause).message, 'error');
      return null;
    }
  }

  async function loadAllowance(): Promise<void> {
    try {
      $allowance.set(await data(api.matching.allowance.$get()));
    } catch {
      // The line about invitations waits for the next answer, which carries them.
    }
  }

  async function loadQueue(): Promise<void> {
    $interestedInYou.set({ ...$interestedInYou.get(), loading: true, error: null });
    try {
      const queue = await data(api.matching['interested-in-you'].$get({ query: {} }));
      $interestedInYou.set({ queue, loading: false, error: null });
    } catch (cause) {
      $interestedInYou.set({ ...$interestedInYou.get(), loading: false, error: toAppError(cause).message });
    }
  }

  /** Opens the introduction of a match (from a notification's or a mail's link). */
  async function openIntroduction(id: string): Promise<void> {
    try {
      $introduction.set(await data(api.matching.introductions[':id'].$get({ param: { id } })));
    } catch (cause) {
      notify(toAppError(cause).message, 'error');
    }
  }

  /** Sends the first message of an introduction; true when it went. */
  async function sendFirstMessage(intro: Introduction, body: string): Promise<boolean> {
    const form = new FormData();
    form.set('body', body.trim());
    form.set('to', intro.member._id);
    try {
      await data(sendForm(api.connections.messages.$post, {}, form));
      return true;
    } catch (cause) {
      notify(toAppError(cause).message, 'error');
      return false;
    }
  }

  return { answer, undo, loadAllowance, loadQueue, openIntroduction, sendFirstMessage, close: () => $introduction.set(null) };
}

export const introductionsActions = createIntroductionsActions({ api, notify: (message, kind) => toast(message, { kind }) });

/** The live `match`: the other side said Interested too. */
export const introductionsLive: LiveHandlers = {
  match: (news) => $matchNews.set(news),
};

// The match moment belongs to the page it happened on: the client router keeps these stores
// across pages, and /matching opened later must not show an old match again.
if (typeof document !== 'undefined') {
  document.addEventListener('astro:before-swap', () => {
    $matchNews.set(null);
    $introduction.set(null);
  });
}
