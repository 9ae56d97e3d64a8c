/**
 * The live event of introductions: `match`, to both members the moment two "Interested" make
 * a match, with the introduction as that member sees it. live/events.ts lists every live event.
 */
import type { Introduction } from './schemas';

export type MatchLiveEvents = {
  match: Introduction;
};
