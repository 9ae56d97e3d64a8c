/**
 * What the password strength meter says about a new password: the API's rule first
 * (12 characters at least, not a common or leaked password: functions/src/auth/password.ts),
 * then zxcvbn's 0–4 guess-resistance score. Pure, so the wording is tested without a page.
 */

/** The API's minimum length for a new password (ASVS 2.1.1). */
export const NEW_PASSWORD_MIN_LENGTH = 12;

export interface StrengthInput {
  password: string;
  /** Whether the password is on the common-password list (ignoring case). */
  common: boolean;
  /** zxcvbn's score, 0 (guessed at once) to 4 (very hard to guess). */
  score: number;
}

export interface StrengthReading {
  /** The meter's value, 0–4; 0 when the rule refuses the password. */
  value: number;
  /** The words shown beside the meter and announced to screen readers. */
  label: string;
  /** Why the API would refuse it, or null when it would be accepted. */
  problem: string | null;
}

const SCORE_LABELS = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

/** Why the API would refuse `password` as a new password, or null. */
export function newPasswordProblem(password: string, common: boolean): string | null {
  if (password.length < NEW_PASSWORD_MIN_LENGTH) return `Use at least ${NEW_PASSWORD_MIN_LENGTH} characters.`;
  if (common) return 'This password is on the list of common and leaked passwords. Choose another one.';
  return null;
}

/** The meter's reading for a password; an empty field reads as nothing yet. */
export function readStrength({ password, common, score }: StrengthInput): StrengthReading {
  if (password === '') return { value: 0, label: '', problem: null };
  const problem = newPasswordProblem(password, common);
  if (problem) return { value: 0, label: common ? 'Too common' : 'Too short', problem };
  const clamped = Math.min(4, Math.max(0, Math.round(score)));
  return { value: clamped, label: SCORE_LABELS[clamped], problem: null };
}
