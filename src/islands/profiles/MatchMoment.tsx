/**
 * The match moment on /matching: "It’s a match" in a dialog, whoever said Interested last
 * (the answer, the match the live `match` event names, or an introduction's link `/matching?match=<id>`). It
 * shows why the two fit and each side's key facts, and a first message the member edits and
 * sends; the conversation then opens in the inbox.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { Introduction } from '@api/introductions/schemas';
import { MESSAGE_BODY_MAX_LENGTH } from '@api/shared/inbox-limits';
import { reasonSentence } from '../../lib/search/labels';
import { $introduction, $matchNews, introductionsActions } from '../../lib/stores/introductions';
import { PauseControl } from '../saved/PauseControl';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { Dialog } from '../ui/Dialog';
import { MediaBaseProvider } from '../ui/media-base';
import { MatchAvatar } from './MatchCard';
import './MatchMoment.css';

function Facts({ title, facts }: { title: string; facts: string[] }) {
  return (
    <section className="intro-side">
      <h3>{title}</h3>
      {facts.length > 0 ? (
        <ul>
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      ) : (
        <p className="muted small">No details yet.</p>
      )}
    </section>
  );
}

function IntroductionBody({ intro }: { intro: Introduction }) {
  const id = useId();
  const [message, setMessage] = useState(intro.suggestedMessage);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const threadHref = `/inbox?personalInbox=${encodeURIComponent(intro.threadId)}`;
  const max = MESSAGE_BODY_MAX_LENGTH;

  const send = async () => {
    const body = message.trim();
    if (!body) return setProblem('Write a first message, or open the conversation later.');
    if (body.length > max) return setProblem(`Keep it under ${max} characters.`);
    setSending(true);
    const sent = await introductionsActions.sendFirstMessage(intro, body);
    setSending(false);
    if (sent) window.location.assign(threadHref);
  };

  return (
    <div className="intro">
      <div className="intro-who">
        <MatchAvatar member={intro.member} size={56} />
        <p>
          You and <strong>{intro.member.name}</strong> are both interested. You are now connected.
        </p>
      </div>
      {intro.reasons.length > 0 && (
        <ul className="intro-reasons" aria-label="Why you fit">
          {intro.reasons.slice(0, 3).map((reason) => (
            <li key={reason}>{reasonSentence(reason)}</li>
          ))}
        </ul>
      )}
      <div className="intro-facts">
        <Facts title={intro.member.name} facts={intro.facts.them} />
        <Facts title="You" facts={intro.facts.you} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>Your first message</label>
        <textarea
          id={`${id}-message`}
          rows={4}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          data-autofocus
        />
        {problem && (
          <p id={`${id}-problem`} className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="intro-actions">
        <a className="btn btn-ghost" href={threadHref}>
          Open the conversation
        </a>
        <button type="button" className="btn btn-primary" onClick={() => void send()} disabled={sending} aria-busy={sending || undefined}>
          {sending ? 'Sending…' : `Send to ${intro.member.name.split(/\s+/)[0]}`}
        </button>
      </div>
    </div>
  );
}

function MatchMoment({ mediaBaseUrl }: { mediaBaseUrl?: string }) {
  const intro = useStore($introduction);
  const news = useStore($matchNews);

  // An introduction's link opens it.
  useEffect(() => {
    const id = new URL(window.location.href).searchParams.get('match');
    if (id) void introductionsActions.openIntroduction(id);
  }, []);

  // A match made live by the other side opens its introduction.
  useEffect(() => {
    if (!news) return;
    $matchNews.set(null);
    void introductionsActions.openIntroduction(news._id);
  }, [news]);

  return (
    <MediaBaseProvider base={mediaBaseUrl}>
      <Dialog open={intro !== null} title="It’s a match" onClosed={() => introductionsActions.close()}>
        {intro && <IntroductionBody key={intro._id} intro={intro} />}
        {intro && <PauseControl variant="offer" />}
      </Dialog>
    </MediaBaseProvider>
  );
}

export default withErrorBoundary(MatchMoment);
