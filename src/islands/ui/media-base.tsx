/**
 * The media base address (MEDIA_BASE_URL, docs/product.md#member-text) for islands: the page passes the
 * configured value to the island's root, which provides it to every picture below.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_MEDIA_BASE } from '../../lib/text/media-url';

const MediaBaseContext = createContext<string>(DEFAULT_MEDIA_BASE);

export function MediaBaseProvider({ base, children }: { base: string | undefined; children: ReactNode }) {
  return <MediaBaseContext.Provider value={base ?? DEFAULT_MEDIA_BASE}>{children}</MediaBaseContext.Provider>;
}

/** The media base address of the island this component renders in. */
export function useMediaBase(): string {
  return useContext(MediaBaseContext);
}
