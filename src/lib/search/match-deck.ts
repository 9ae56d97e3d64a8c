/**
 * The matching deck's pure rules: which suggestions are still to review, how pages merge,
 * which page to ask for next once some suggestions have left the server's list, and the
 * skipped members kept in sessionStorage for the session.
 */
import type { Match } from '@api/profiles/schemas';

/** Fewer suggestions than this left to review: the next page is asked for. */
export const LOW_WATER = 3;

/** Suggestions still to review, in order: loaded and not skipped. */
export function queueOf(matches: readonly Match[], skipped: readonly string[]): Match[] {
  const skip = new Set(skipped);
  return matches.filter((match) => !skip.has(match.member._id));
}

/** `current` followed by the suggestions of `incoming` not already there (a page may repeat some). */
export function mergeMatches(current: readonly Match[], incoming: readonly Match[]): Match[] {
  const seen = new Set(current.map((match) => match.member._id));
  const added = incoming.filter((match) => {
    if (seen.has(match.member._id)) return false;
    seen.add(match.member._id);
    return true;
  });
  return [...current, ...added];
}

/**
 * The page to ask for when `consumed` places of the server's list are already loaded.
 * A member connected to leaves the server's list and frees their place (the caller lowers
 * `consumed`), so the next page starts where the first unloaded suggestion now is; a page
 * that overlaps what is loaded is merged without repeats.
 */
export function nextMatchPage(consumed: number, limit: number): number {
  return Math.floor(Math.max(0, consumed) / Math.max(1, limit)) + 1;
}

/** `matches` with the one for `memberId` moved to the front (reviewed next). */
export function bringForward(matches: readonly Match[], memberId: string): Match[] {
  const chosen = matches.find((match) => match.member._id === memberId);
  return chosen ? [chosen, ...matches.filter((match) => match !== chosen)] : [...matches];
}

/** The sessionStorage key of the members skipped this session. */
export const SKIPPED_KEY = 'foundermesh:matching:skipped';
/** Skips kept at most (the oldest go first); a session never needs more. */
export const SKIPPED_MAX = 500;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** The members skipped this session; nothing when storage is missing, blocked or holds junk. */
export function readSkipped(storage: StorageLike | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SKIPPED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps the skipped members for the session; a storage that refuses only loses the memory. */
export function writeSkipped(storage: StorageLike | undefined, skipped: readonly string[]): void {
  try {
    storage?.setItem(SKIPPED_KEY, JSON.stringify(skipped.slice(-SKIPPED_MAX)));
  } catch {
    // Private modes and full storage refuse writes: skips then last until the page is left.
  }
}
