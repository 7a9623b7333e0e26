interface ActiveToggleProps {
  symbol: string;
  active: boolean;
  disabled: boolean;
  onToggle: () => void;
}

/**
 * A pair's trading switch. Its tooltip says what a click does (admin spec 2): 'Disable trading'
 * while active, 'Enable trading' while not.
 */
export function ActiveToggle({ symbol, active, disabled, onToggle }: ActiveToggleProps) {
  const tooltip = active ? 'Disable trading' : 'Enable trading';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={active}
      aria-label={`Active ${symbol}`}
      title={tooltip}
      disabled={disabled}
      onClick={onToggle}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-400 disabled:cursor-not-allowed disabled:opacity-50 ${
        active ? 'border-emerald-500 bg-emerald-600' : 'border-slate-500 bg-slate-700'
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-4 w-4 rounded-full bg-white shadow transition-transform ${
          active ? 'translate-x-6' : 'translate-x-1'
        }`}
      />
    </button>
  );
}
