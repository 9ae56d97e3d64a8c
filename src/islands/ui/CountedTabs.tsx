/**
 * A row of tabs with a count beside each name (ARIA tabs, selection follows focus): arrows
 * move and wrap, Home and End go to the ends, and only the selected tab is in the Tab order.
 * The row scrolls sideways when the screen is narrow. Used by Connections and Sessions; each
 * panel is labelled by `tabId(prefix, key)` and has the id `panelId(prefix, key)`.
 */
import { useRef, type KeyboardEvent } from 'react';
import { tabAfterKey } from '../../lib/ui/tab-keys';
import './counted-tabs.css';

export const tabId = (prefix: string, key: string) => `${prefix}-tab-${key}`;
export const panelId = (prefix: string, key: string) => `${prefix}-panel-${key}`;

export interface CountedTab<K extends string> {
  key: K;
  label: string;
  /** The figure beside the name; null while unknown or for a tab without one. */
  count: number | null;
  /** The count asks for attention (something waits for the member's answer). */
  strong?: boolean;
}

interface Props<K extends string> {
  /** The row's accessible name. */
  label: string;
  /** Makes the tabs' and panels' ids unique on the page. */
  prefix: string;
  tabs: readonly CountedTab<K>[];
  selected: K;
  onSelect: (key: K) => void;
}

export function CountedTabs<K extends string>({ label, prefix, tabs, selected, onSelect }: Props<K>) {
  const row = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabAfterKey(
      tabs.map((tab) => tab.key),
      selected,
      event.key,
    );
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    const tab = row.current?.querySelector<HTMLElement>(`#${tabId(prefix, next)}`);
    tab?.focus();
    tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  return (
    <div ref={row} className="counted-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.key === selected;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={tabId(prefix, tab.key)}
            aria-selected={isSelected}
            aria-controls={panelId(prefix, tab.key)}
            tabIndex={isSelected ? 0 : -1}
            className="counted-tab"
            onClick={() => onSelect(tab.key)}
          >
            <span>{tab.label}</span>
            {tab.count !== null && ' '}
            {tab.count !== null && (
              <span className={tab.strong && tab.count > 0 ? 'tab-count tab-count-strong' : 'tab-count'} data-tab-count={tab.key}>
                {tab.count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
