/** Words and numbers of the billing screens: prices, dates, statuses. */

/** A price in the smallest unit of its currency, as people read it: `$15.00`. */
export function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

/** A day, as people read it: `5 November 2026`. */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

/** The plan's name and what it is billed per. */
export const PLAN_WORDS = {
  monthly: { name: 'Monthly', per: 'month' },
  yearly: { name: 'Yearly', per: 'year' },
} as const;

/** A provider status in words. */
export function statusWords(status: string, cancelAtPeriodEnd: boolean): string {
  if (status === 'past_due') return 'Payment failed: we are retrying your card';
  if (cancelAtPeriodEnd && (status === 'active' || status === 'trialing')) return 'Active until the end of the paid period';
  const words: Record<string, string> = {
    active: 'Active',
    trialing: 'Trial',
    canceled: 'Ended',
    unpaid: 'Ended: unpaid',
    incomplete: 'Awaiting payment',
    incomplete_expired: 'Checkout expired',
  };
  return words[status] ?? status;
}

/** What Premium unlocks, as the plans page lists it. */
export const PREMIUM_UNLOCKS = [
  { title: 'Every profile viewer', text: 'See every member who viewed your profile in the last 90 days, with when they looked.' },
  { title: 'Message requests', text: 'Write to members you are not connected with: 15 requests a month, and a request comes back when it is accepted.' },
  { title: 'Premium badge', text: 'A Premium badge on your profile and member cards.' },
] as const;
