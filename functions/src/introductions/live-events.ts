/**
 * The live event of introductions: `match`, to the other member's open tabs the moment two
 * "Interested" make a match (the one who clicked has the introduction in their answer). It
 * names the match and who made it; the screen reads the introduction itself
 * (`GET /matching/introductions/{id}`), so the event leaves right after the write.
 * live/events.ts lists every live event.
 */
export type MatchNews = {
  /** The match, as in `GET /matching/introductions/{id}`. */
  _id: string;
  /** The member whose "Interested" made it. */
  memberId: string;
};

export type MatchLiveEvents = {
  match: MatchNews;
};
