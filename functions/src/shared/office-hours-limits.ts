/** The bounds of what a host may set and a guest may write (docs/product.md "Office hours"); the API and the screens share them. */
export const OFFICE_HOURS_LIMITS = {
  /** Stretches of weekly hours. */
  stretches: 28,
  /** Minutes of a buffer before or after a session. */
  buffer: 120,
  /** Minutes of minimum notice: two weeks. */
  minimumNotice: 20_160,
  weeklyCap: 100,
  daysOff: 120,
  topics: 10,
  /** Characters of a topic. */
  topic: 80,
  /** Characters of a guest's agenda. */
  agenda: 1_000,
  /** Characters of a cancellation's reason. */
  reason: 500,
  meetingLink: 500,
  /** Days ahead a guest may ask open slots for: twelve weeks. */
  slotDays: 84,
} as const;

/** Session lengths a host may offer, in minutes. */
export const SESSION_LENGTHS = [15, 20, 30, 45, 60, 90] as const;
