/**
 * The versions of what members agree to (issue 28, finding 10): the Terms of Service and
 * the Privacy Policy (src/pages/terms.astro, privacy.astro show them) and the words of the
 * digest opt-in (registration and the notification settings). A changed document gets a
 * new version here, so each consent row names the text the member saw.
 */
import type { consentKinds } from '../db/schema';

export type ConsentKind = (typeof consentKinds)[number];

/** A version is the date the text took effect, `YYYY-MM-DD`. */
export const CONSENT_VERSIONS = {
  terms: '2026-11-28',
  privacy: '2026-11-28',
  digest: '2026-11-28',
} as const satisfies Record<ConsentKind, string>;

/** The address members write to about their data and these documents. */
export const PRIVACY_CONTACT = 'privacy@foundermesh.app';
