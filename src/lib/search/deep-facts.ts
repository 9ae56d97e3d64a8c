/**
 * The deeper profile on a card, in at most two short lines (docs/product.md#profiles): a
 * founder's roles ("Takes: Engineering, Product · Wants: Sales and marketing") and their
 * startup and full-time timing; an advisor's ways of engaging and the stages they help
 * most. A field left empty says nothing: a line with nothing in it is left out.
 */
import type { ProfileSummary } from '@api/profiles/schemas';
import { ENGAGEMENTS, FULL_TIME_TIMING, HELP_STAGES, RESPONSIBILITIES } from '@api/shared/profile-vocabulary';
import { labelsOf } from './labels';

type DeepFields = Pick<ProfileSummary, 'memberType' | 'startupName' | 'takesRoles' | 'wantsRoles' | 'fullTime' | 'engagements' | 'helpStages'>;

/** "Label: a, b", or null when there is nothing to list. */
const listed = (label: string, vocabulary: Readonly<Record<string, string>>, keys: readonly string[]) =>
  keys.length > 0 ? `${label}: ${labelsOf(vocabulary, keys).join(', ')}` : null;

/** The parts present, joined by a middle dot; null when none is. */
const line = (...parts: Array<string | null>) => {
  const present = parts.filter((part): part is string => Boolean(part));
  return present.length > 0 ? present.join(' · ') : null;
};

/** The card's deep lines (zero, one or two), in reading order. */
export function deepFactLines(member: DeepFields): string[] {
  const lines =
    member.memberType === 'founder'
      ? [
          line(listed('Takes', RESPONSIBILITIES, member.takesRoles), listed('Wants', RESPONSIBILITIES, member.wantsRoles)),
          line(member.startupName?.trim() || null, member.fullTime ? `Full time: ${labelsOf(FULL_TIME_TIMING, [member.fullTime])[0]}` : null),
        ]
      : [listed('Engages', ENGAGEMENTS, member.engagements), listed('Stages', HELP_STAGES, member.helpStages)];
  return lines.filter((text): text is string => text !== null);
}
