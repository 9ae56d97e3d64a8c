/**
 * One search result: picture, name linking to the profile, tagline (an advisor's position),
 * city and remote, the deeper profile in at most two short lines, skills or expertise and
 * industries as chips, what the member looks for or offers, and the bookmark that saves
 * them (signed-in search only). Member text is escaped by React.
 */
import type { ProfileSummary } from '@api/profiles/schemas';
import { avatarUrl, nameInitials } from '../../lib/members/display';
import { profilePath } from '../../lib/members/paths';
import { deepFactLines } from '../../lib/search/deep-facts';
import { commitmentLabel, helpLabels, industryLabels, labelsOf, skillVocabulary } from '../../lib/search/labels';
import { CardSaveButton } from '../saved/CardSaveButton';
import { PremiumBadge } from '../ui/PremiumBadge';
import { VerifiedBadge } from '../ui/VerifiedBadge';
import { useMediaBase } from '../ui/media-base';

const SKILLS_SHOWN = 4;
const INDUSTRIES_SHOWN = 3;
const AVATAR_SIZE = 56;

function SearchAvatar({ member }: { member: ProfileSummary }) {
  const url = avatarUrl(member, useMediaBase());
  if (url) return <img className="search-avatar" src={url} alt="" width={AVATAR_SIZE} height={AVATAR_SIZE} loading="lazy" decoding="async" />;
  return (
    <span className="search-avatar search-avatar-initials" aria-hidden="true">
      {nameInitials(member.name)}
    </span>
  );
}

/** `saveControl: false` where the card already sits in the saved list, with its own note and Remove. */
export function ResultCard({ member, saveControl = true }: { member: ProfileSummary; saveControl?: boolean }) {
  const skills = labelsOf(skillVocabulary(member.memberType), member.skills);
  const industries = industryLabels(member.industries);
  const hidden = Math.max(0, skills.length - SKILLS_SHOWN) + Math.max(0, industries.length - INDUSTRIES_SHOWN);
  const facts = [
    member.memberType === 'founder' && member.technical !== null ? (member.technical ? 'Technical' : 'Non-technical') : null,
    member.memberType === 'founder' ? commitmentLabel(member.commitment) : null,
    member.memberType === 'advisor' && member.helpTypes.length > 0 ? helpLabels(member.helpTypes).join(', ') : null,
  ].filter((fact): fact is string => Boolean(fact));
  const skillsName = member.memberType === 'advisor' ? 'Expertise' : 'Skills';
  const deep = deepFactLines(member);
  return (
    <article className="result-card">
      <SearchAvatar member={member} />
      <div className="result-body">
        <h3 className="result-name">
          <a href={profilePath(member.memberType, member.slug)}>{member.name}</a>
          <PremiumBadge premium={member.premium} />
          <VerifiedBadge verified={member.verified} />
        </h3>
        {member.tagline && <p className="result-tagline">{member.tagline}</p>}
        {(member.city || member.openToRemote || facts.length > 0) && (
          <p className="result-meta">
            {member.city && <span>{member.city}</span>}
            {member.openToRemote && <span>Open to remote</span>}
            {facts.map((fact) => (
              <span key={fact}>{fact}</span>
            ))}
          </p>
        )}
        {deep.map((line) => (
          <p key={line} className="card-deep" title={line}>
            {line}
          </p>
        ))}
        {(skills.length > 0 || industries.length > 0) && (
          <ul className="result-chips" aria-label={`${skillsName} and industries`}>
            {skills.slice(0, SKILLS_SHOWN).map((label) => (
              <li key={`s-${label}`} className="badge">
                {label}
              </li>
            ))}
            {industries.slice(0, INDUSTRIES_SHOWN).map((label) => (
              <li key={`i-${label}`} className="badge badge-outline">
                {label}
              </li>
            ))}
            {hidden > 0 && <li className="badge badge-more">+{hidden} more</li>}
          </ul>
        )}
        {member.memberType === 'founder' && member.lookingForCofounder && (
          <p>
            <span className="badge badge-accent">Looking for a co-founder</span>
          </p>
        )}
      </div>
      {saveControl && <CardSaveButton memberId={member._id} memberName={member.name} saved={member.saved} />}
    </article>
  );
}
