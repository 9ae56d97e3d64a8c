import { badgeLabels, type VerifiedBadge as Badge } from '@api/shared/verification-messages';

/** The verified badge beside a member's name (members/cards: `verified`): one per way, its words read out; the tick is decoration. */
export function VerifiedBadge({ verified }: { verified: Badge | null | undefined }) {
  return (
    <>
      {badgeLabels(verified).map((label) => (
        <span key={label} className="badge badge-verified" data-verified-badge>
          <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
          {label}
        </span>
      ))}
    </>
  );
}
