/**
 * A wait in words, for the 429 answers and the app's toasts alike (plain code, so the
 * browser may load it): `waitText(250)` is `5 minutes`, `waitText(5400)` is `2 hours`.
 */

/** The wait rounded up: minutes up to an hour (at least one), whole hours beyond. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}
