/// <reference types="astro/client" />

/**
 * What the middleware (src/middleware.ts) puts in `Astro.locals` for every page.
 * The token itself never appears here: pages know the member, not the jwt.
 */
declare namespace App {
  interface Locals {
    /** The signed-in member, from /auth/me; null for visitors. */
    user: import('@api/users/schemas').User | null;
    /** docs/product.md#roles: userRole is admin. */
    isAdmin: boolean;
    /** docs/product.md#roles: role.type is premium, or the founder record's premium flag. */
    isPremium: boolean;
    /** True when the middleware just removed a rejected token cookie; the layout tells the client to empty its storage. */
    authCleared: boolean;
    /** A renewal payment of the member's subscription failed (past_due): the shell shows the banner to fix the card. */
    paymentFailed: boolean;
    /** The date (ISO) the member's pending account deletion will be done by: the shell shows the banner to withdraw it. */
    deletionDueAt: string | null;
  }
}
