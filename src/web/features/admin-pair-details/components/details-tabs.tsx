import { useRef, type KeyboardEvent } from 'react';

export interface DetailsTab<T extends string> {
  id: T;
  label: string;
}

interface DetailsTabsProps<T extends string> {
  tabs: readonly DetailsTab<T>[];
  active: T;
  onChange: (tab: T) => void;
  label: string;
  /** Prefix of the tab and panel ids (unique per modal). */
  idPrefix: string;
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * An ARIA tab list: one tab in the Tab order, arrow keys move (and select) around the ring,
 * Home and End go to the first and last.
 */
export function DetailsTabs<T extends string>({
  tabs,
  active,
  onChange,
  label,
  idPrefix,
}: DetailsTabsProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.findIndex((tab) => tab.id === active);
    let next: number;
    if (event.key in STEP) next = (at + STEP[event.key]! + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next]!.id;
    onChange(tab);
    refs.current.get(tab)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className="mb-4 flex flex-wrap gap-1 border-b border-slate-700 pb-2"
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            className={`rounded-md px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-orange-400 ${
              selected ? 'bg-orange-700 text-white' : 'text-slate-300 hover:bg-slate-800'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
