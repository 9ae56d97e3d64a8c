/**
 * The live event billing sends: after a sync changed a member's subscription or Premium,
 * every open tab of the member hears it and reloads the billing state (live/events.ts
 * lists every live event for the app).
 */

export type BillingLiveEvents = {
  /** The member's Premium after the change, the subscription's status, and what changed (its history kinds). */
  billing: { premium: boolean; status: string; changes: string[] };
};
