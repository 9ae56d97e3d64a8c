/** The Premium badge beside a member's name (members/cards: `premium`). Its text is read out; the star is decoration. */
export function PremiumBadge({ premium }: { premium: boolean }) {
  if (!premium) return null;
  return (
    <span className="badge badge-accent" data-premium-badge>
      <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" fill="currentColor">
        <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
      </svg>
      Premium
    </span>
  );
}
