/**
 * The matching screen's island: one section's suggestions (co-founders, advisors, or the
 * founders an advisor could help), reviewed one at a time — Interested or Not now, with the
 * keys I and N, and Undo (U) for a while after — with the rest listed below ("Up next") and
 * the week's invitations above. Starts from the page the server rendered; asks for more
 * before running out. Answers are stored on the server (docs/product.md "Introductions").
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Match } from '@api/profiles/schemas';
import type { MemberType } from '@api/users/schemas';
import { api } from '../../lib/api/client';
import { queueOf, readSkipped } from '../../lib/search/match-deck';
import { createDeckStore, createMatchDeck, deckFromInitial, type InitialMatches } from '../../lib/search/match-store';
import { matchPercent, reasonSentence } from '../../lib/search/labels';
import { $allowance, $lastAnswer, introductionsActions } from '../../lib/stores/introductions';
import { renewsOn } from '../../lib/search/introductions';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { MediaBaseProvider } from '../ui/media-base';
import { MatchAvatar, MatchCard, profileHref } from './MatchCard';
import './MatchDeck.css';

interface Props {
  /** Whose suggestions: GET /profiles/recommend-search?memberType=… */
  memberType: MemberType;
  initial: InitialMatches;
  /** What an empty section says and links to. */
  empty: { title: string; text: string; action: { href: string; label: string } };
  mediaBaseUrl?: string;
}

const sessionStore = () => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

function MatchDeck({ memberType, initial, empty, mediaBaseUrl }: Props) {
  // The first render matches the server's (no skips known there); skips apply once mounted.
  const [store] = useState(() => {
    const created = createDeckStore();
    created.set(deckFromInitial(initial, []));
    return created;
  });
  const deck = useMemo(
    () =>
      createMatchDeck({
        store,
        memberType,
        api,
        connect: (member) => introductionsActions.answer(member, 'interested'),
        storage: sessionStore(),
      }),
    [store, memberType],
  );
  const state = useStore(store);
  const allowance = useStore($allowance);
  const lastAnswer = useStore($lastAnswer);
  // The answered suggestion an Undo puts back.
  const answered = useRef<Match | null>(null);
  const [undoing, setUndoing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  // After a decision, focus goes to what comes next, so keyboard users carry on from there.
  const [moved, setMoved] = useState(0);

  useEffect(() => {
    store.set({ ...store.get(), skipped: readSkipped(sessionStore()) });
    deck.topUp();
    void introductionsActions.loadAllowance();
  }, [store, deck]);

  // The undo offer ends with its window.
  useEffect(() => {
    if (!lastAnswer) return;
    const left = Date.parse(lastAnswer.undoUntil) - Date.now();
    const timer = setTimeout(() => $lastAnswer.set(null), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [lastAnswer]);

  const queue = queueOf(state.matches, state.skipped);
  const current = queue[0];
  const upNext = queue.slice(1);
  const skippedHere = state.matches.length - queue.length;

  useEffect(() => {
    if (moved > 0) (heading.current ?? doneHeading.current)?.focus();
  }, [moved, current?.member._id]);

  /** Runs a decision; unless it failed (a refused answer keeps the card), focus follows the next card. */
  const decide = (action: () => unknown) => {
    void Promise.resolve(action()).then((result) => {
      if (result !== false) setMoved((count) => count + 1);
    });
  };

  const interested = (match: Match) => {
    answered.current = match;
    decide(() => deck.connectTo(match));
  };
  const notNow = (match: Match) => {
    answered.current = match;
    decide(async () => {
      if (!(await introductionsActions.answer(match.member, 'not_now'))) return false;
      deck.skip(match);
      return true;
    });
  };
  const undo = async () => {
    if (undoing) return;
    setUndoing(true);
    const member = await introductionsActions.undo();
    setUndoing(false);
    const match = answered.current;
    if (member && match?.member._id === member._id) {
      deck.restore(match);
      setMoved((count) => count + 1);
    }
  };

  // Keys: I and N answer the suggestion under review, U undoes (not while typing or in a dialog).
  const keys = useRef({ current, interested, notNow, undo, busy: false, canUndo: false });
  keys.current = { current, interested, notNow, undo, busy: state.sending !== null, canUndo: lastAnswer !== null };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], dialog')) return;
      const now = keys.current;
      const key = event.key.toLowerCase();
      if (key === 'u' && now.canUndo) void now.undo();
      else if (now.current && !now.busy && key === 'i') now.interested(now.current);
      else if (now.current && !now.busy && key === 'n') now.notNow(now.current);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <MediaBaseProvider base={mediaBaseUrl}>
      {allowance && (
        <p className="match-allowance muted small">
          <strong>{allowance.remaining}</strong> of {allowance.limit} invitations left this week · renew {renewsOn(allowance.renewsAt)}
          {!allowance.premium && allowance.remaining === 0 && (
            <>
              {' '}
              · <a href="/premium">Premium members get more</a>
            </>
          )}
        </p>
      )}
      <div className="match-deck">
        {state.error && (
          <div className="alert alert-error match-error" role="alert">
            <p>We couldn’t load suggestions: {state.error}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void deck.retry()}>
              Try again
            </button>
          </div>
        )}

        {current ? (
          <MatchCard
            key={current.member._id}
            ref={heading}
            match={current}
            sending={state.sending === current.member._id}
            busy={state.sending !== null}
            onInterested={() => interested(current)}
            onNotNow={() => notNow(current)}
          />
        ) : state.loading ? (
          <p className="match-loading" role="status">
            Finding more suggestions…
          </p>
        ) : state.error ? null : (
          <div className="match-empty">
            {skippedHere > 0 ? (
              <>
                <h2 ref={doneHeading} tabIndex={-1}>
                  You’ve been through every suggestion
                </h2>
                <p className="muted">
                  You skipped {skippedHere} {skippedHere === 1 ? 'suggestion' : 'suggestions'} this session
                  {state.sent > 0 ? ` and said Interested to ${state.sent} ${state.sent === 1 ? 'member' : 'members'}` : ''}.
                </p>
                <button type="button" className="btn btn-secondary" onClick={() => deck.restoreSkipped()}>
                  Show skipped suggestions again
                </button>
              </>
            ) : (
              <>
                <h2 ref={doneHeading} tabIndex={-1}>
                  {state.sent > 0 ? 'That’s everyone for now' : empty.title}
                </h2>
                <p className="muted">
                  {state.sent > 0 ? 'When someone you are interested in says Interested too, it’s a match: you will hear it here, by push and by mail.' : empty.text}
                </p>
                {state.sent === 0 && (
                  <a className="btn btn-primary" href={empty.action.href}>
                    {empty.action.label}
                  </a>
                )}
              </>
            )}
          </div>
        )}

        {upNext.length > 0 && (
          <section className="match-next" aria-labelledby="match-next-title">
            <div className="match-next-head">
              <h2 id="match-next-title">Up next</h2>
              {skippedHere > 0 && current && (
                <button type="button" className="link small" onClick={() => deck.restoreSkipped()}>
                  Show {skippedHere} skipped
                </button>
              )}
            </div>
            <ol className="match-next-list">
              {upNext.map((match) => (
                <li key={match.member._id} className="match-next-row">
                  <MatchAvatar member={match.member} size={40} />
                  <div className="match-next-main">
                    <a className="match-next-name" href={profileHref(match.member)}>
                      {match.member.name}
                    </a>
                    {match.reasons[0] && <span className="match-next-reason">{reasonSentence(match.reasons[0])}</span>}
                  </div>
                  <span className="match-next-score">{matchPercent(match.score)}%</span>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => decide(() => deck.reviewNext(match.member._id))} disabled={state.sending !== null}>
                    Review<span className="visually-hidden"> {match.member.name} now</span>
                  </button>
                </li>
              ))}
            </ol>
            {state.loading && (
              <p className="muted small" role="status">
                Loading more…
              </p>
            )}
          </section>
        )}
        {lastAnswer && (
          <div className="match-undo" role="status">
            <p>{lastAnswer.kind === 'interested' ? `You’re interested in ${lastAnswer.member.name}.` : `Not now for ${lastAnswer.member.name}: hidden for a few months.`}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void undo()} disabled={undoing} aria-keyshortcuts="U">
              Undo<span className="visually-hidden"> your answer about {lastAnswer.member.name}</span>
              <span className="key-hint" aria-hidden="true">
                <kbd>U</kbd>
              </span>
            </button>
          </div>
        )}
      </div>
    </MediaBaseProvider>
  );
}

export default withErrorBoundary(MatchDeck);
