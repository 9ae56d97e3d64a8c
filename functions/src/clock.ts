/** The time source of the domain code, injected so that expiry can be tested. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock frozen at `at`, moved by hand (tests). */
export function fixedClock(at: Date): Clock & { set(next: Date): void } {
  let current = at;
  return { now: () => new Date(current), set: (next) => (current = next) };
}
