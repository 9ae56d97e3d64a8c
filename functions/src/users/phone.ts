/**
 * A member's private phone number (docs/product.md#privacy-settings: the support chat knows members by
 * {email} and {phone}). Numbers are checked with libphonenumber-js on its small `min`
 * metadata (lengths and leading digits per country) and stored in E.164 (`+442079460958`).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** The longest input read: generous for spaces, dashes and brackets around 15 digits. */
export const PHONE_INPUT_MAX = 32;

/** What a form shows under the field when a number is refused. */
export const PHONE_PROBLEM = 'must be a valid number with its country code, such as +44 20 7946 0958';

/** Only the characters people type in a phone number: digits, +, spaces, dots, dashes, brackets. */
const PHONE_CHARACTERS = /^[+\d\s().-]+$/;

/**
 * `raw` as an E.164 number, or null when it is not a valid number in international
 * form. A leading `00` reads as `+`; text around a number is refused, never extracted.
 */
export function toE164(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed.length === 0 || trimmed.length > PHONE_INPUT_MAX || !PHONE_CHARACTERS.test(trimmed)) return null;
  const international = trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
  if (!international.startsWith('+')) return null;
  const number = parsePhoneNumberFromString(international, { extract: false });
  return number?.isValid() ? number.number : null;
}
