/**
 * What a search result or match says about a member, in words: vocabulary labels for the
 * keys the API sends, the result count, the score and reasons of a match.
 */
import { COMMITMENTS, EXPERTISE, HELP_TYPES, INDUSTRIES, SKILLS } from '@api/shared/profile-vocabulary';
import type { SearchScreen } from './facets';

type Vocabulary = Readonly<Record<string, string>>;

/** The labels of `keys` in `vocabulary`; a key the app does not know yet shows as itself. */
export function labelsOf(vocabulary: Vocabulary, keys: readonly string[]): string[] {
  return keys.map((key) => (Object.hasOwn(vocabulary, key) ? vocabulary[key]! : key));
}

/** What a summary's `skills` hold: a founder's skills, an advisor's expertise. */
export function skillVocabulary(memberType: 'founder' | 'advisor'): Vocabulary {
  return memberType === 'advisor' ? EXPERTISE : SKILLS;
}

/** Industry labels of industry keys. */
export const industryLabels = (keys: readonly string[]) => labelsOf(INDUSTRIES, keys);
/** "Mentoring", "Investing", … of an advisor's help types. */
export const helpLabels = (keys: readonly string[]) => labelsOf(HELP_TYPES, keys);
/** "Full time" / "Part time", or null when not given. */
export const commitmentLabel = (key: string | null) => (key ? labelsOf(COMMITMENTS, [key])[0]! : null);

const whole = new Intl.NumberFormat('en');

/** "128 founders", "1 advisor", "No founders"; "1,000+ founders" when the count stopped at its cap. */
export function resultCount(screen: Pick<SearchScreen, 'noun'>, total: number, capped = false): string {
  if (total <= 0) return `No ${screen.noun.many}`;
  if (capped) return `${whole.format(total)}+ ${screen.noun.many}`;
  return `${whole.format(total)} ${total === 1 ? screen.noun.one : screen.noun.many}`;
}

/** A score of 0–100 as members read it: "87% match" (rounded, kept within 0–100). */
export function matchPercent(score: number): number {
  return Number.isFinite(score) ? Math.min(100, Math.max(0, Math.round(score))) : 0;
}

/** A reason as a sentence: "complements your skills: engineering" → "Complements your skills: engineering". */
export function reasonSentence(reason: string): string {
  const text = reason.trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
