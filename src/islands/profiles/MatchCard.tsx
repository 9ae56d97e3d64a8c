/**
 * The suggestion under review on /matching: who they are, what they bring (the deeper
 * profile in at most two short lines), how well they match (a meter and "87% match"), why,
 * the two answers: Interested or Not now (keys I and N), and the bookmark that saves them.
 */
import type { Match, ProfileSummary } from '@api/profiles/schemas';
import { forwardRef, useId } from 'react';
import { avatarUrl, nameInitials } from '../../lib/members/display';
import { profilePath } from '../../lib/members/paths';
import { deepFactLines } from '../../lib/search/deep-facts';
import { commitmentLabel, helpLabels, industryLabels, labelsOf, matchPercent, reasonSentence, skillVocabulary } from '../../lib/search/labels';
import { CardSaveButton } from '../saved/CardSaveButton';
import { useMediaBase } from '../ui/media-base';
import { VerifiedBadge } from '../ui/VerifiedBadge';

interface Props {
  match: Match;
  /** An answer about this member is on its way. */
  sending: boolean;
  /** Another answer is on its way: decisions wait. */
  busy: boolean;
  onInterested: () => void;
  onNotNow: () => void;
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

/** The deeper profile's lines a member decides on (lib/search/deep-facts.ts), each kept to one line. */
export function DeepLines({ member }: { member: ProfileSummary }) {
  return deepFactLines(member).map((line) => (
    <p key={line} className="card-deep" title={line}>
      {line}
    </p>
  ));
}

export const MatchCard = forwardRef<HTMLHeadingElement, Props>(function MatchCard({ match, sending, busy, onInterested, onNotNow }, headingRef) {
  const { member } = match;
  const id = useId().replace(/:/g, '');
  const percent = matchPercent(match.score);
  const skills = labelsOf(skillVocabulary(member.memberType), member.skills);
  const industries = industryLabels(member.industries);

  return (
    <article className="match-card" aria-labelledby={`${id}-name`}>
      <div className="match-head">
        <MatchAvatar member={member} size={72} />
        <div className="match-who">
          <h2 id={`${id}-name`} className="match-name" ref={headingRef} tabIndex={-1}>
            <a href={profileHref(member)}>{member.name}</a> <VerifiedBadge verified={member.verified} />
          </h2>
          {member.tagline && <p className="match-tagline">{member.tagline}</p>}
          <p className="match-facts">
            {factsOf(member).map((fact) => (
              <span key={fact}>{fact}</span>
            ))}
          </p>
          <DeepLines member={member} />
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

      <div className="match-actions">
        <button type="button" className="btn btn-secondary" onClick={onNotNow} disabled={busy} aria-keyshortcuts="N">
          Not now<span className="visually-hidden"> for {member.name}</span>
          <span className="key-hint" aria-hidden="true">
            <kbd>N</kbd>
          </span>
        </button>
        <button type="button" className="btn btn-primary" onClick={onInterested} disabled={busy} aria-busy={sending || undefined} aria-keyshortcuts="I">
          {sending ? (
            <>
              Sending<span className="visually-hidden"> your interest in {member.name}</span>…
            </>
          ) : (
            <>
              Interested<span className="visually-hidden"> in {member.name}</span>
              <span className="key-hint" aria-hidden="true">
                <kbd>I</kbd>
              </span>
            </>
          )}
        </button>
        <CardSaveButton memberId={member._id} memberName={member.name} saved={member.saved} />
        <a className="link small match-profile-link" href={profileHref(member)}>
          View profile<span className="visually-hidden"> of {member.name}</span>
        </a>
      </div>
    </article>
  );
});
