/**
 * The connections screen's tabs, each with its count (src/islands/ui/CountedTabs.tsx); the
 * received requests' count asks for attention.
 */
import { tabCount, TABS, type TabKey } from '../../lib/connections/tabs';
import type { ConnectionCounts } from '../../lib/connections/types';
import { CountedTabs, panelId as panelOf, tabId as tabOf } from '../ui/CountedTabs';

const PREFIX = 'cx';
export const tabId = (key: TabKey) => tabOf(PREFIX, key);
export const panelId = (key: TabKey) => panelOf(PREFIX, key);

interface Props {
  selected: TabKey;
  counts: ConnectionCounts | null;
  onSelect: (key: TabKey) => void;
}

export function ConnectionsTabs({ selected, counts, onSelect }: Props) {
  const tabs = TABS.map((tab) => ({ key: tab.key, label: tab.label, count: tabCount(tab, counts), strong: tab.key === 'received' }));
  return <CountedTabs label="Connections" prefix={PREFIX} tabs={tabs} selected={selected} onSelect={onSelect} />;
}
