/**
 * The common-password check of ASVS 2.1.7: a new password found in the list of the most
 * used and breached passwords that zxcvbn-ts ships (`@zxcvbn-ts/language-common`, about
 * 49,000 entries, lowercase) is refused. The list is a package, so the check needs no
 * network; the set is built on first use so a cold start that sets no password pays nothing.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

let commonPasswords: ReadonlySet<string> | null = null;

/** Whether `password`, ignoring case, is one of the common passwords. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.normalize('NFKC').toLowerCase());
}
