/**
 * The words of match reasons: vocabulary labels as they read inside a sentence
 * ("Sales and marketing" → "sales and marketing", while "AI" and "B2B" keep their
 * capitals), lists of them, and the short name of a city.
 */
import { EXPERTISE, type IDEA_STAGES, INDUSTRIES, SKILLS } from '../shared/profile-vocabulary';

/** A label inside a sentence: lowercase, except words written in capitals (AI, B2B). */
export function phrase(label: string): string {
  return label
    .split(' ')
    .map((word) => (/[A-Z].*[A-Z0-9]/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

/** The phrases of vocabulary keys, at most `max` of them, joined with commas. */
function listOf(keys: readonly string[], vocabulary: Record<string, string>, max = 3): string {
  return keys
    .slice(0, max)
    .map((key) => phrase(vocabulary[key] ?? key))
    .join(', ');
}

export const skillWords = (keys: readonly string[]) => listOf(keys, SKILLS);
export const expertiseWords = (keys: readonly string[]) => listOf(keys, EXPERTISE);
export const industryWord = (key: string) => listOf([key], INDUSTRIES);

/** What a founder has, by idea stage: "has a prototype", "is making revenue". */
export const STAGE_WORDS: Record<Exclude<keyof typeof IDEA_STAGES, 'no-idea'>, string> = {
  idea: 'has an idea',
  prototype: 'has a prototype',
  launched: 'has launched',
  revenue: 'is making revenue',
};

/** "Lagos" of "Lagos, Nigeria" (profiles keep the city's label). */
export function cityWord(label: string | null): string | null {
  const name = label?.split(',')[0]?.trim();
  return name ? name : null;
}
