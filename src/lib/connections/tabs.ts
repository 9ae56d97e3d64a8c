/**
 * The tabs of the connections screen: their order, names, which count each shows, and
 * how the chosen one lives in the address (`/connections?tab=sent`).
 */
import { tabAfterKey as keyAfter } from '../ui/tab-keys';
import type { ConnectionCounts } from './types';

export type TabKey = 'received' | 'sent' | 'connections' | 'suggestions' | 'blocked';

export interface TabInfo {
  key: TabKey;
  label: string;
  /** Which figure of GET /connection/count the tab shows, if any. */
  count: keyof ConnectionCounts | null;
}

export const TABS: readonly TabInfo[] = [
  { key: 'received', label: 'Received', count: 'received' },
  { key: 'sent', label: 'Sent', count: 'sent' },
  { key: 'connections', label: 'Connections', count: 'accepted' },
  { key: 'suggestions', label: 'Suggestions', count: null },
  { key: 'blocked', label: 'Blocked', count: 'blocked' },
];

const DEFAULT_TAB: TabKey = 'received';

/** The tab named by `?tab=`, or the default for anything else. */
export function tabFromQuery(value: string | null | undefined): TabKey {
  return TABS.find((tab) => tab.key === value)?.key ?? DEFAULT_TAB;
}

/** The address of `url` with `tab` chosen (the default tab keeps the address bare). */
export function addressFor(url: URL, tab: TabKey): string {
  const next = new URL(url);
  if (tab === DEFAULT_TAB) next.searchParams.delete('tab');
  else next.searchParams.set('tab', tab);
  return `${next.pathname}${next.search}${next.hash}`;
}

/** The figure a tab shows next to its name, or null while unknown or when it has none. */
export function tabCount(tab: TabInfo, counts: ConnectionCounts | null): number | null {
  return tab.count && counts ? counts[tab.count] : null;
}

/** The tab a key press moves to (src/lib/ui/tab-keys.ts), or null for other keys. */
export function tabAfterKey(current: TabKey, key: string): TabKey | null {
  return keyAfter(
    TABS.map((tab) => tab.key),
    current,
    key,
  );
}
