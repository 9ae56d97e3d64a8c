/**
 * What a member can hear about away from the tab, and how (push/, the settings page, and the
 * missed-mail sender read these). Which notification kind falls under which preference kind is
 * notifications/push-notes.ts.
 */
import { digestFrequencies, notificationChannelNames, notificationPreferenceKinds } from '../db/schema';

export const PREFERENCE_KINDS = notificationPreferenceKinds;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];
export const CHANNELS = notificationChannelNames;
export type Channel = (typeof CHANNELS)[number];
export const DIGEST_FREQUENCIES = digestFrequencies;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** Every kind is pushed unless the member chose otherwise; the digest goes out weekly. */
export const DEFAULT_CHANNEL: Channel = 'push';
export const DEFAULT_DIGEST: DigestFrequency = 'weekly';
