/**
 * The window event the shell sends when the member signs out, so the live connection
 * closes at once (docs/product.md#live-connection). A name only: the shell ships no live code for it.
 */
export const SIGNED_OUT_EVENT = 'foundermesh:signed-out';
