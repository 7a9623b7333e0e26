import { useRef, type KeyboardEvent } from 'react';
import { OFFER_TABS, tabLabel, type OfferTab } from '../lib/offer-tabs';

interface OfferTabsProps {
  active: OfferTab;
  counts: Record<OfferTab, number>;
  onChange: (tab: OfferTab) => void;
  /** The id of the panel the tabs control. */
  panelId: string;
}

/** 'Hot (n)', 'Ready (n)', 'Risky (n)', 'All (n)' as an ARIA tab list (arrow keys move between tabs). */
export function OfferTabs({ active, counts, onChange, panelId }: OfferTabsProps) {
  const refs = useRef(new Map<OfferTab, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = OFFER_TABS[(OFFER_TABS.indexOf(active) + step + OFFER_TABS.length) % OFFER_TABS.length]!;
    onChange(next);
    refs.current.get(next)?.focus();
  };

  return (
    <div role="tablist" aria-label="Offer views" className="mb-4 flex flex-wrap gap-2" onKeyDown={onKeyDown}>
      {OFFER_TABS.map((tab) => {
        const selected = tab === active;
        return (
          <button
            key={tab}
            ref={(el) => {
              if (el) refs.current.set(tab, el);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`offers-tab-${tab}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            className={`rounded-md px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-400 ${
              selected
                ? 'bg-orange-700 text-white'
                : 'border border-slate-600 bg-slate-800 text-slate-200 hover:bg-slate-700'
            }`}
          >
            {tabLabel(tab, counts[tab])}
          </button>
        );
      })}
    </div>
  );
}
