/**
 * A refusal of text over its limit (src/lib/text/limits.ts) that follows the text: once Post,
 * Send or Save was refused, the reason shown is the text's current one, so it updates as the
 * member shortens the text and goes away once the text fits.
 */
import { useState } from 'react';

/** `reason`: why the text can't be sent now (null when it fits). */
export function useLimitRefusal(reason: string | null) {
  const [refused, setRefused] = useState(false);
  // Once the text fits, a later overrun waits for the next press before it is told again.
  if (refused && reason === null) setRefused(false);
  return {
    /** The reason to show: the current one, after a refused press; else null. */
    shown: refused ? reason : null,
    /** Called on Post/Send/Save: whether the text is over its limit (then its reason shows). */
    refuse(): boolean {
      setRefused(reason !== null);
      return reason !== null;
    },
  };
}
