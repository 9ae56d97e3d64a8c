/**
 * The password checker behind the strength meter: zxcvbn-ts with its common-password and
 * keyboard dictionaries. The dictionaries weigh about 400 KB, so this module is only ever
 * imported dynamically by the meter, on the password forms, once the member starts typing.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
const commonPasswords: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/**
 * zxcvbn's score for `password` (0–4), knowing the member's own words (`userInputs`: name,
 * email), and whether it is on the common-password list the API refuses.
 */
export function checkPassword(password: string, userInputs: string[]): { score: number; common: boolean } {
  return { score: zxcvbn.check(password, userInputs).score, common: commonPasswords.has(password.normalize('NFKC').toLowerCase()) };
}
