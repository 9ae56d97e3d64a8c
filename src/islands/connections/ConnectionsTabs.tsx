/**
 * The tab list (ARIA tabs, selection follows focus): arrows move and wrap, Home and End
 * go to the ends; only the selected tab is in the Tab order. Each tab shows its count.
 */
import { useRef, type KeyboardEvent } from 'react';
import { tabAfterKey, tabCount, TABS, type TabKey } from '../../lib/connections/tabs';
import type { ConnectionCounts } from '../../lib/connections/types';

export const tabId = (key: TabKey) => `cx-tab-${key}`;
export const panelId = (key: TabKey) => `cx-panel-${key}`;

interface Props {
  selected: TabKey;
  counts: ConnectionCounts | null;
  onSelect: (key: TabKey) => void;
}

export function ConnectionsTabs({ selected, counts, onSelect }: Props) {
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabAfterKey(selected, event.key);
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    const tab = list.current?.querySelector<HTMLElement>(`#${tabId(next)}`);
    tab?.focus();
    tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  return (
    <div ref={list} className="cx-tabs" role="tablist" aria-label="Connections" onKeyDown={onKeyDown}>
      {TABS.map((tab) => {
        const count = tabCount(tab, counts);
        const isSelected = tab.key === selected;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-selected={isSelected}
            aria-controls={panelId(tab.key)}
            tabIndex={isSelected ? 0 : -1}
            className="cx-tab"
            onClick={() => onSelect(tab.key)}
          >
            <span>{tab.label}</span>
            {count !== null && ' '}
            {count !== null && (
              <span className={tab.key === 'received' && count > 0 ? 'cx-count cx-count-strong' : 'cx-count'} data-tab-count={tab.key}>
                {count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
