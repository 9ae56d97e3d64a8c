/**
 * The suggestion under review on /matching: who they are, how well they match (a meter
 * and "87% match"), why, and the two decisions: Connect (with an optional note) or Skip.
 */
import type { Match } from '@api/profiles/schemas';
import { forwardRef, useId, useState } from 'react';
import { avatarUrl, nameInitials } from '../../lib/members/display';
import { profilePath } from '../../lib/members/paths';
import { NOTE_MAX } from '../../lib/connections/limits';
import { commitmentLabel, helpLabels, industryLabels, labelsOf, matchPercent, reasonSentence, skillVocabulary } from '../../lib/search/labels';
import { overLimitReason } from '../../lib/text/limits';
import { CharacterCount } from '../ui/CharacterCount';
import { useMediaBase } from '../ui/media-base';

interface Props {
  match: Match;
  /** A request to this member is on its way. */
  sending: boolean;
  /** Another member's request is on its way: decisions wait. */
  busy: boolean;
  onConnect: (note: string) => void;
  onSkip: () => void;
}

/** A member's picture, or their initials on a tinted disc. */
export function MatchAvatar({ member, size }: { member: Match['member']; size: number }) {
  const url = avatarUrl(member, useMediaBase());
  const style = { width: size, height: size };
  if (url) return <img className="match-avatar" src={url} alt="" width={size} height={size} loading="lazy" decoding="async" style={style} />;
  return (
    <span className="match-avatar match-avatar-initials" aria-hidden="true" style={style}>
      {nameInitials(member.name)}
    </span>
  );
}

/** Where a member's profile lives. */
export const profileHref = (member: Match['member']) => profilePath(member.memberType, member.slug);

/** The facts a card lists under the tagline: city, remote, and what kind of member they are. */
function factsOf(member: Match['member']): string[] {
  const facts = [member.city, member.openToRemote ? 'Open to remote' : null];
  if (member.memberType === 'founder') {
    facts.push(member.technical === null ? null : member.technical ? 'Technical' : 'Non-technical', commitmentLabel(member.commitment));
  } else if (member.helpTypes.length > 0) {
    facts.push(helpLabels(member.helpTypes).join(', '));
  }
  return facts.filter((fact): fact is string => Boolean(fact));
}

export const MatchCard = forwardRef<HTMLHeadingElement, Props>(function MatchCard({ match, sending, busy, onConnect, onSkip }, headingRef) {
  const { member } = match;
  const id = useId().replace(/:/g, '');
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState('');
  // A note over the limit is kept and refused with the reason, never cut.
  const noteTooLong = overLimitReason('note', note.trim().length, NOTE_MAX);
  const [refused, setRefused] = useState<string | null>(null);
  const percent = matchPercent(match.score);
  const skills = labelsOf(skillVocabulary(member.memberType), member.skills);
  const industries = industryLabels(member.industries);

  return (
    <article className="match-card" aria-labelledby={`${id}-name`}>
      <div className="match-head">
        <MatchAvatar member={member} size={72} />
        <div className="match-who">
          <h2 id={`${id}-name`} className="match-name" ref={headingRef} tabIndex={-1}>
            <a href={profileHref(member)}>{member.name}</a>
          </h2>
          {member.tagline && <p className="match-tagline">{member.tagline}</p>}
          <p className="match-facts">
            {factsOf(member).map((fact) => (
              <span key={fact}>{fact}</span>
            ))}
          </p>
        </div>
        <div className="match-score">
          <p className="match-score-text">
            <strong>{percent}%</strong> match
          </p>
          <meter className="match-meter" min={0} max={100} low={40} high={70} optimum={100} value={percent} aria-label={`Match score: ${percent}%`} />
        </div>
      </div>

      {match.reasons.length > 0 && (
        <div className="match-why">
          <h3 className="match-why-title">Why you match</h3>
          <ul className="match-reasons">
            {match.reasons.map((reason) => (
              <li key={reason}>
                <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
                  <path d="M20 6 9 17l-5-5" />
                </svg>
                {reasonSentence(reason)}
              </li>
            ))}
          </ul>
        </div>
      )}

      {(skills.length > 0 || industries.length > 0) && (
        <ul className="match-chips" aria-label={member.memberType === 'advisor' ? 'Expertise and industries' : 'Skills and industries'}>
          {skills.map((label) => (
            <li key={`s-${label}`} className="badge">
              {label}
            </li>
          ))}
          {industries.map((label) => (
            <li key={`i-${label}`} className="badge badge-outline">
              {label}
            </li>
          ))}
        </ul>
      )}

      {noteOpen && (
        <div className="field match-note">
          <label htmlFor={`${id}-note`}>Note to {member.name} (optional)</label>
          <textarea
            id={`${id}-note`}
            value={note}
            rows={3}
            onChange={(event) => {
              setNote(event.target.value);
              setRefused(null);
            }}
            aria-invalid={noteTooLong ? true : undefined}
            aria-describedby={`${id}-count`}
            autoFocus
          />
          <CharacterCount id={`${id}-count`} length={note.trim().length} max={NOTE_MAX} />
          {refused && (
            <p className="field-error" role="alert">
              {refused}
            </p>
          )}
        </div>
      )}

      <div className="match-actions">
        <button type="button" className="btn btn-secondary" onClick={onSkip} disabled={busy}>
          Skip<span className="visually-hidden"> {member.name}</span>
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => (noteTooLong ? setRefused(noteTooLong) : onConnect(note))}
          disabled={busy}
          aria-busy={sending || undefined}
        >
          {sending ? (
            <>
              Sending<span className="visually-hidden"> a request to {member.name}</span>…
            </>
          ) : (
            <>
              Connect<span className="visually-hidden"> with {member.name}</span>
            </>
          )}
        </button>
        {!noteOpen && (
          <button type="button" className="btn btn-ghost" onClick={() => setNoteOpen(true)} disabled={busy}>
            Add a note
          </button>
        )}
        <a className="link small match-profile-link" href={profileHref(member)}>
          View profile<span className="visually-hidden"> of {member.name}</span>
        </a>
      </div>
    </article>
  );
});
